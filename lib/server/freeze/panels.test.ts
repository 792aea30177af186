import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Db } from "@/db/client";
import { parseBundle } from "@/lib/bundle/parse";
import { currentRubrics } from "@/lib/bundle/references";
import { FrozenRecord } from "@/lib/freeze/record";
import type { SelectionRule } from "@/lib/freeze/rule";
import { verifyFrozenRecord } from "@/lib/freeze/verify";
import { exportBundle } from "@/lib/server/bundle/exportBundle";
import type { Ctx } from "@/lib/server/context";
import { Conflict, Forbidden, Invalid, NotFound, Unauthorized } from "@/lib/server/errors";
import { importSetVerdicts } from "@/lib/server/verdicts/importSetVerdicts";
import { freshDb } from "@/test/db";
import { importWithSet } from "@/test/setWithLabels";
import { freezePanel } from "./freezePanel";
import { getCoverage } from "@/lib/server/reports/getCoverage";
import { getFreezeRecord } from "./getFreezeRecord";
import { getPanelDetail } from "@/lib/server/reports/getPanelDetail";
import { getReport } from "@/lib/server/reports/getReport";
import { getSelectionRule } from "./getSelectionRule";
import { listFreezes } from "./listFreezes";
import { recordSelectionRule } from "./recordSelectionRule";

const lead: Ctx = { user: { id: "lead-1", email: "lead@example.org", name: "Lee Lead", roles: ["lead"] } };
const clinician: Ctx = { user: { id: "clin-1", email: "c@example.org", name: "Clin", roles: ["clinician"] } };
const author: Ctx = { user: { id: "author-1", email: "a@example.org", name: "Author", roles: ["author"] } };

const sample = readFileSync("test/fixtures/sample-small.jsonl", "utf8").split("\n").filter((line) => line.trim());
const isVerdict = (line: string) => JSON.parse(line).kind === "verdict";
const corpus = sample.filter((line) => !isVerdict(line)).join("\n");
const verdictLines = sample.filter(isVerdict);
const bundle = parseBundle(sample.join("\n")).bundle;

/**
 * Each test builds its own scenario in a fresh database: the sample corpus in one open
 * calibration set, optionally with a selection rule recorded first and the judges'
 * verdicts imported.
 */
async function scenario({ rule, verdicts }: { rule?: SelectionRule; verdicts: boolean }): Promise<{ db: Db; setId: number }> {
  const db = freshDb();
  const setId = await importWithSet(db, corpus, {
    name: "sample", seed: 1, itemIds: bundle.items.map((i) => i.id), responseIds: bundle.responses.map((r) => r.id),
    clinicianIds: ["clin-1", "clin-2", "clin-3"],
  });
  if (rule) await recordSelectionRule({ ctx: lead, input: { setId, rule } });
  if (verdicts) await importSetVerdicts({ ctx: lead, input: { setId, text: verdictLines.join("\n") } });
  return { db, setId };
}

const HOLDOUT_RULE: SelectionRule = { panel_size: 3, selection: "holdout", within_top: 1 };

describe("panels: report, coverage, detail, rule, freeze", () => {
  it("refuses signed-out callers, clinicians and authors on every service", async () => {
    const { setId } = await scenario({ verdicts: true });
    const calls = (ctx: Ctx) => [
      getReport({ ctx, input: { setId } }),
      getCoverage({ ctx, input: { setId } }),
      getPanelDetail({ ctx, input: { setId, judges: "judge-01,judge-02,judge-03" } }),
      getSelectionRule({ ctx, input: { setId } }),
      recordSelectionRule({ ctx, input: { setId, rule: { panel_size: 3, selection: "all", within_top: 1 } } }),
      importSetVerdicts({ ctx, input: { setId, text: "" } }),
      freezePanel({ ctx, input: { setId, judges: ["a", "b", "c"], selection: "all", fingerprint: "0".repeat(64), rationale: "A sentence of reasons." } }),
      listFreezes({ ctx, input: { setId } }),
      getFreezeRecord({ ctx, input: { id: 1 } }),
    ];
    for (const call of calls({ user: null })) await expect(call).rejects.toBeInstanceOf(Unauthorized);
    for (const ctx of [clinician, author]) for (const call of calls(ctx)) await expect(call).rejects.toBeInstanceOf(Forbidden);
  });

  it("records a selection rule before any verdict, once", async () => {
    const { setId } = await scenario({ verdicts: false });
    const view = await recordSelectionRule({ ctx: lead, input: { setId, rule: { panel_size: 3, selection: "holdout", within_top: 1 } } });
    expect(view.beforeVerdicts).toBe(true);
    expect(view.text).toMatch(/^Panels of 3 judges, .* public-split items/);
    await expect(recordSelectionRule({ ctx: lead, input: { setId, rule: { panel_size: 3, selection: "all", within_top: 1 } } })).rejects.toBeInstanceOf(Conflict);
  });

  it("imports verdicts for the set only, all or nothing, and a restatement changes nothing", async () => {
    const { setId } = await scenario({ rule: HOLDOUT_RULE, verdicts: false });
    const stray = JSON.stringify({ kind: "verdict", judge: "judge-01", response: "r-elsewhere", criterion: "x", verdict: true });
    const item = corpus.split("\n")[0];
    const refused = (await importSetVerdicts({ ctx: lead, input: { setId, text: [...verdictLines.slice(0, 3), item].join("\n") } }).catch((e: unknown) => e)) as Invalid;
    expect(refused).toBeInstanceOf(Invalid);
    expect(refused.issues).toEqual([expect.stringMatching(/^line 4: kind: only verdict lines/)]);
    await expect(importSetVerdicts({ ctx: lead, input: { setId, text: stray } })).rejects.toBeInstanceOf(Invalid);
    expect((await getCoverage({ ctx: lead, input: { setId } })).judges).toEqual([]);

    const first = await importSetVerdicts({ ctx: lead, input: { setId, text: verdictLines.join("\n") } });
    expect(first.counts.verdicts).toEqual({ added: verdictLines.length, unchanged: 0 });
    const again = await importSetVerdicts({ ctx: lead, input: { setId, text: verdictLines.join("\n") } });
    expect(again.counts.verdicts).toEqual({ added: 0, unchanged: verdictLines.length });
    expect((await getSelectionRule({ ctx: lead, input: { setId } }))?.beforeVerdicts).toBe(true);
  });

  it("shows each judge's coverage and flags units no judge covers", async () => {
    const { setId } = await scenario({ verdicts: true });
    const coverage = await getCoverage({ ctx: lead, input: { setId } });
    expect(coverage.judges.map((j) => j.judge)).toEqual(["judge-01", "judge-02", "judge-03", "judge-04", "judge-05", "judge-06", "judge-07"]);
    for (const judge of coverage.judges) expect(judge.verdicts + judge.missing + judge.absent).toBe(coverage.units);
    const current = currentRubrics(bundle.rubrics);
    const itemOf = new Map(bundle.responses.map((r) => [r.id, r.item]));
    const onUnit = (v: (typeof bundle.verdicts)[number]) => current.get(itemOf.get(v.response) ?? "")?.criteria.some((c) => c.id === v.criterion);
    expect(coverage.units).toBe(bundle.responses.reduce((n, r) => n + (current.get(r.item)?.criteria.length ?? 0), 0));
    expect(coverage.judges[0].missing).toBe(bundle.verdicts.filter((v) => v.judge === "judge-01" && v.verdict === null && onUnit(v)).length);
    expect(coverage.judges[0].verdicts).toBe(bundle.verdicts.filter((v) => v.judge === "judge-01" && v.verdict !== null && onUnit(v)).length);
    const covered = new Set(bundle.verdicts.filter((v) => v.verdict !== null).map((v) => `${v.response}|${v.criterion}`));
    for (const unit of coverage.uncovered) expect(covered.has(`${unit.response}|${unit.criterion}`)).toBe(false);
  });

  it("computes the report once per exact input, and holds out by split", async () => {
    const { setId } = await scenario({ verdicts: true });
    const first = await getReport({ ctx: lead, input: { setId } });
    expect(first.ranked.panels).toHaveLength(35);
    expect(first.reported).toBeNull();
    const second = await getReport({ ctx: lead, input: { setId } });
    expect(second.cached).toBe(true);
    expect(second.ranked).toEqual(first.ranked);
    const held = await getReport({ ctx: lead, input: { setId, selection: "holdout" } });
    expect(held.items).toEqual({ public: 6, private: 6 });
    expect(held.ranked.units.total + (held.reported?.units.total ?? 0)).toBe(first.ranked.units.total);
    expect(held.fingerprint).toBe(first.fingerprint);
    await expect(getReport({ ctx: lead, input: { setId: 999 } })).rejects.toBeInstanceOf(NotFound);
  });

  it("details a panel: confusion against the consensus and every disagreement, heaviest first", async () => {
    const { setId } = await scenario({ verdicts: true });
    const report = await getReport({ ctx: lead, input: { setId } });
    const top = report.ranked.panels[0];
    const detail = await getPanelDetail({ ctx: lead, input: { setId, judges: [...top.judges].reverse().join(",") } });
    expect(detail.evaluation.rank).toBe(1);
    expect(detail.evaluation.interval?.against).toEqual(report.ranked.comparison?.b);
    const { n11, n10, n01, n00 } = detail.confusion;
    expect(n11 + n10 + n01 + n00).toBe(top.units);
    expect(detail.noPanelVerdict).toBe(top.excluded);
    expect(detail.disagreements).toHaveLength(n10 + n01);
    expect(detail.disagreements.every((d) => d.consensus !== d.panel && d.text.length > 0)).toBe(true);
    const weights = detail.disagreements.map((d) => d.weight);
    expect(weights).toEqual([...weights].sort((a, b) => b - a));
    await expect(getPanelDetail({ ctx: lead, input: { setId, judges: "judge-01,judge-99,judge-02" } })).rejects.toBeInstanceOf(NotFound);
    await expect(getPanelDetail({ ctx: lead, input: { setId, judges: "judge-01,judge-02" } })).rejects.toThrow(/odd number of judges/);
  });

  it("freezes a panel into a record that verifies against an export, and keeps one chain of supersessions", async () => {
    const { setId } = await scenario({ rule: HOLDOUT_RULE, verdicts: true });
    const held = await getReport({ ctx: lead, input: { setId, selection: "holdout" } });
    const fingerprint = held.fingerprint;
    const top = held.ranked.panels[0];
    const rationale = "Highest κ on the public split, as pre-registered.";
    await expect(freezePanel({ ctx: lead, input: { setId, judges: top.judges, selection: "holdout", fingerprint: "f".repeat(64), rationale, confirmOpen: true } })).rejects.toBeInstanceOf(Conflict);
    await expect(freezePanel({ ctx: lead, input: { setId, judges: top.judges, selection: "holdout", fingerprint, rationale } })).rejects.toThrow(/still open/);
    const { id } = await freezePanel({ ctx: lead, input: { setId, judges: top.judges, selection: "holdout", fingerprint, rationale, confirmOpen: true } });

    const { record, supersededBy } = await getFreezeRecord({ ctx: lead, input: { id } });
    expect(FrozenRecord.parse(record)).toEqual(record);
    expect(supersededBy).toBeNull();
    expect(record).toMatchObject({ rank: 1, panel_size: 3, selection: "holdout", fingerprint: { value: fingerprint }, frozen_by: { id: "lead-1" }, supersedes: null });
    expect(record.calibration_set.open_at_freeze).toBe(true);
    expect(record.scope.min_coverage).toBe(0.95);
    expect(record.rule).toMatchObject({ followed: true, before_verdicts: true, deviations: [] });
    expect(record.figures.kappa).toBe(top.kappa);
    expect(record.reported_figures?.kappa).toBe(held.reported?.panels.find((p) => p.judges.join() === top.judges.join())?.kappa);
    expect(record.interval?.against).toEqual(held.ranked.comparison?.b);
    expect(Object.keys(record.scope.rubric_versions)).toHaveLength(12);

    const exported = parseBundle(await exportBundle({ ctx: lead })).bundle;
    expect(verifyFrozenRecord(record, exported).ok).toBe(true);

    const second = held.ranked.panels[1].judges;
    const again = { setId, judges: second, selection: "all" as const, fingerprint, rationale: "Prefer the runner-up after review.", confirmOpen: true };
    await expect(freezePanel({ ctx: lead, input: again })).rejects.toThrow(`already frozen (record #${id})`);
    await expect(freezePanel({ ctx: lead, input: { ...again, supersedes: { id, reason: "short" } } })).rejects.toThrow(/at least 10 characters/);
    const next = await freezePanel({ ctx: lead, input: { ...again, supersedes: { id, reason: "Clinicians asked for a panel chosen on every item." } } });
    await expect(freezePanel({ ctx: lead, input: { ...again, supersedes: { id, reason: "Trying to branch the history." } } })).rejects.toThrow(`#${next.id} is`);

    const history = await listFreezes({ ctx: lead, input: { setId } });
    expect(history.map((f) => [f.record.id, f.supersededBy, f.record.supersedes?.id ?? null])).toEqual([[id, next.id, null], [next.id, null, id]]);
    expect(history[1].record.rule).toMatchObject({ followed: false });
    expect(history[1].record.rule?.deviations.join(" ")).toMatch(/select on the public split/);
  });

  it("the database itself refuses to change or delete a frozen record", async () => {
    const { db, setId } = await scenario({ rule: HOLDOUT_RULE, verdicts: true });
    const held = await getReport({ ctx: lead, input: { setId, selection: "holdout" } });
    const judges = held.ranked.panels[0].judges;
    await freezePanel({ ctx: lead, input: { setId, judges, selection: "holdout", fingerprint: held.fingerprint, rationale: "Highest κ on the public split, as pre-registered.", confirmOpen: true } });
    const [{ record }] = await listFreezes({ ctx: lead, input: { setId } });
    expect(() => db.$client.prepare("UPDATE frozen_panels SET rationale = 'edited' WHERE id = ?").run(record.id)).toThrow(/frozen panels are immutable/);
    expect(() => db.$client.prepare("UPDATE frozen_panels SET judges = '[]' WHERE id = ?").run(record.id)).toThrow(/frozen panels are immutable/);
    expect(() => db.$client.prepare("DELETE FROM frozen_panels WHERE id = ?").run(record.id)).toThrow(/frozen panels are immutable/);
    expect((await getFreezeRecord({ ctx: lead, input: { id: record.id } })).record).toEqual(record);
  });
});
