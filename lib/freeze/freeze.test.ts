import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseBundle } from "../bundle/parse";
import { currentRubrics } from "../bundle/references";
import { calibrationInputFromBundle } from "../calibration/input";
import { calibrate } from "../calibration/report";
import { evaluatePanel, panelKey } from "./evaluate";
import { canonicalForm, fingerprintOf } from "./fingerprint";
import { FROZEN_RECORD_FORMAT, FrozenRecord } from "./record";
import { describeRule, ruleDeviations, SelectionRule } from "./rule";
import { inputFromBundle, restrictToSplit, splitsOf, type FreezeScope } from "./scope";
import { verifyFrozenRecord } from "./verify";

const bundle = parseBundle(readFileSync(new URL("../../test/fixtures/sample-small.jsonl", import.meta.url), "utf8")).bundle;
const input = calibrationInputFromBundle(bundle);
const OPTIONS = { resamples: 300, seed: 7 };

describe("fingerprint", () => {
  it("does not depend on the order of labels and verdicts", () => {
    const shuffled = { ...input, labels: [...input.labels].reverse(), verdicts: [...input.verdicts].reverse(), responses: [...input.responses].reverse() };
    expect(fingerprintOf(shuffled)).toBe(fingerprintOf(input));
    expect(fingerprintOf(input)).toMatch(/^[0-9a-f]{64}$/);
  });

  it("changes when one verdict flips, and not when a label outside the pinned rubric is added", () => {
    const flipped = input.verdicts.map((v, i) => (i === 0 ? { ...v, verdict: v.verdict === true ? false : true } : v));
    expect(fingerprintOf({ ...input, verdicts: flipped })).not.toBe(fingerprintOf(input));
    const stray = { rater: "clin-1", response: input.responses[0].id, criterion: "not-in-rubric", verdict: true };
    expect(fingerprintOf({ ...input, labels: [...input.labels, stray] })).toBe(fingerprintOf(input));
  });

  it("writes the documented canonical form", () => {
    const lines = canonicalForm(input).split("\n");
    expect(lines[0]).toBe("concord-fingerprint/v1");
    expect(lines[1]).toMatch(/^unit\tDB-242-\d{4}\tr-[^\t]+\t[^\t]+\t[a-z_]+\t[01-]$/);
    const judgeLine = lines.find((line) => line.startsWith("judge\tjudge-01\t"));
    const units = lines.filter((line) => line.startsWith("unit\t")).length;
    expect(judgeLine?.split("\t")[2]).toHaveLength(units);
    expect(lines.at(-1)).toBe("");
  });
});

describe("scope", () => {
  it("rebuilds the engine input from the pinned rubric versions, not the newest", () => {
    const current = currentRubrics(bundle.rubrics);
    const pinned = Object.fromEntries(bundle.items.map((item) => [item.id, 1]));
    const scope: FreezeScope = { responses: input.responses.map((r) => r.id), clinicians: ["clin-1", "clin-2", "clin-3"], rubric_versions: pinned, ...OPTIONS };
    const { input: rebuilt, missing } = inputFromBundle(bundle, scope);
    expect(missing).toEqual([]);
    const item = bundle.items[0].id;
    const v1 = bundle.rubrics.find((r) => r.item === item && r.version === 1);
    expect(rebuilt.items.find((i) => i.id === item)?.criteria.map((c) => c.id)).toEqual(v1?.criteria.map((c) => c.id));
    expect(current.get(item)?.version).toBe(2);

    const newest = Object.fromEntries([...current].map(([id, r]) => [id, r.version]));
    expect(fingerprintOf(inputFromBundle(bundle, { ...scope, rubric_versions: newest }).input)).toBe(fingerprintOf(input));
  });

  it("lists what the bundle lacks", () => {
    const scope: FreezeScope = { responses: ["r-nowhere"], clinicians: [], rubric_versions: { "DB-242-0001": 9 }, ...OPTIONS };
    expect(inputFromBundle(bundle, scope).missing).toEqual(['rubric version 9 of item "DB-242-0001"', 'response "r-nowhere"']);
  });

  it("holds out by split", () => {
    const splitOf = new Map(bundle.items.map((i) => [i.id, i.split]));
    const publicInput = restrictToSplit(input, splitOf, splitsOf("holdout").rankOn);
    expect(publicInput.items.every((i) => splitOf.get(i.id) === "public")).toBe(true);
    expect(publicInput.items).toHaveLength(6);
    expect(publicInput.verdicts.length).toBeLessThan(input.verdicts.length);
    expect(restrictToSplit(input, splitOf, splitsOf("all").rankOn)).toBe(input);
  });
});

describe("evaluatePanel", () => {
  const report = calibrate(input, OPTIONS);

  it("gives the top panel the report's own comparison", () => {
    const top = evaluatePanel({ judges: [...report.panels[0].judges].reverse(), rankInput: input, rankReport: report, heldOutReport: null, options: OPTIONS });
    expect(top?.rank).toBe(1);
    expect(top?.panels_ranked).toBe(35);
    expect(top?.figures.kappa).toBe(report.panels[0].kappa);
    expect(top?.interval).toEqual({ against: report.comparison?.b, against_rank: 2, delta_kappa: report.comparison?.delta_kappa, ci95: report.comparison?.ci95, resamples: report.comparison?.resamples, seed: 7 });
  });

  it("bootstraps any other panel against the top one; the rank-2 interval mirrors the report's", () => {
    const second = evaluatePanel({ judges: report.panels[1].judges, rankInput: input, rankReport: report, heldOutReport: null, options: OPTIONS });
    expect(second?.rank).toBe(2);
    expect(second?.interval?.against).toEqual(report.panels[0].judges);
    expect(second?.interval?.delta_kappa).toBeCloseTo(-(report.comparison?.delta_kappa ?? NaN), 12);
    const [low, high] = report.comparison?.ci95 ?? [NaN, NaN];
    expect(second?.interval?.ci95?.[0]).toBeCloseTo(-high, 12);
    expect(second?.interval?.ci95?.[1]).toBeCloseTo(-low, 12);
  });

  it("is null for a panel the report does not have", () => {
    expect(evaluatePanel({ judges: ["judge-01", "judge-99", "judge-02"], rankInput: input, rankReport: report, heldOutReport: null, options: OPTIONS })).toBeNull();
    expect(panelKey(["b", "a", "C"])).toBe("C,a,b");
  });
});

describe("selection rule", () => {
  const rule = SelectionRule.parse({ panel_size: 3, selection: "holdout", within_top: 1, note: "Decided before verdicts." });

  it("reads as one sentence", () => {
    expect(describeRule(rule)).toBe(
      "Panels of 3 judges, ranked by Cohen's κ against the clinician consensus (ties by macro-F1) on the public-split items, with the chosen panel's figures reported on the private-split items; freeze the rank-1 panel. Decided before verdicts.",
    );
  });

  it("names every deviation", () => {
    expect(ruleDeviations(rule, { panelSize: 3, selection: "holdout", rank: 1 })).toEqual([]);
    expect(ruleDeviations(rule, { panelSize: 5, selection: "all", rank: 3 })).toHaveLength(3);
    expect(ruleDeviations({ ...rule, within_top: 5 }, { panelSize: 3, selection: "holdout", rank: 5 })).toEqual([]);
  });

  it("refuses an even panel size", () => {
    expect(SelectionRule.safeParse({ ...rule, panel_size: 4 }).success).toBe(false);
  });
});

describe("verifyFrozenRecord", () => {
  const splitOf = new Map(bundle.items.map((i) => [i.id, i.split]));
  const current = currentRubrics(bundle.rubrics);
  const scope: FreezeScope = {
    responses: input.responses.map((r) => r.id), clinicians: ["clin-1", "clin-2", "clin-3"],
    rubric_versions: Object.fromEntries([...current].map(([id, r]) => [id, r.version])), ...OPTIONS,
  };
  const rankInput = restrictToSplit(input, splitOf, "public");
  const options = { panelSize: 3, ...OPTIONS };
  const rankReport = calibrate(rankInput, options);
  const evaluation = evaluatePanel({
    judges: rankReport.panels[2].judges, rankInput, rankReport, heldOutReport: calibrate(restrictToSplit(input, splitOf, "private"), options), options: OPTIONS,
  });
  const record: FrozenRecord = FrozenRecord.parse(JSON.parse(JSON.stringify({
    format: FROZEN_RECORD_FORMAT, id: 1, calibration_set: { id: 1, name: "sample" }, judges: rankReport.panels[2].judges, panel_size: 3,
    selection: "holdout", ...evaluation, scope,
    fingerprint: { algorithm: "sha256", form: "concord-fingerprint/v1", value: fingerprintOf(input) },
    rule: null, rationale: "Third, on purpose.", supersedes: null, frozen_by: { id: "lead", name: "Lead" }, frozen_at: new Date(0).toISOString(),
  })));

  it("matches a record made from the same data", () => {
    const result = verifyFrozenRecord(record, bundle);
    expect(result.checks.map((c) => [c.name, c.ok])).toEqual([["fingerprint", true], ["rank", true], ["figures", true], ["held-out figures", true], ["interval", true]]);
    expect(result.ok).toBe(true);
    expect(record.reported_figures).not.toBeNull();
  });

  it("refuses it once one verdict in the bundle is flipped", () => {
    const target = bundle.verdicts.findIndex((v) => v.judge === record.judges[0] && v.verdict !== null && scope.responses.includes(v.response) && current.get(bundle.responses.find((r) => r.id === v.response)?.item ?? "")?.criteria.some((c) => c.id === v.criterion));
    const verdicts = bundle.verdicts.map((v, i) => (i === target ? { ...v, verdict: !v.verdict } : v));
    const result = verifyFrozenRecord(record, { ...bundle, verdicts });
    expect(result.ok).toBe(false);
    expect(result.checks[0]).toMatchObject({ name: "fingerprint", ok: false });
  });

  it("refuses a bundle that lacks what the freeze used", () => {
    const result = verifyFrozenRecord(record, { ...bundle, responses: bundle.responses.slice(1) });
    expect(result).toMatchObject({ ok: false, checks: [{ name: "scope", ok: false }] });
  });
});
