import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DIMENSIONS, type Dimension } from "../bundle/schema";
import { parseBundle } from "../bundle/parse";
import { mulberry32 } from "../stats/prng";
import { cohenKappa } from "../stats/cohen";
import { macroF1 } from "../stats/f1";
import { calibrationInputFromBundle, type CalibrationInput } from "./input";
import { decimalFraction } from "./candidates";
import { calibrate } from "./report";
import { differences } from "../../test/differences";

const fixture = (name: string) => readFileSync(new URL(`../../test/fixtures/${name}`, import.meta.url), "utf8");

describe("calibrate on the worked example (sample-small)", () => {
  const parsed = parseBundle(fixture("sample-small.jsonl"));
  const expected = JSON.parse(fixture("sample-small.report.json"));
  const report = calibrate(calibrationInputFromBundle(parsed.bundle));

  it("parses cleanly", () => expect(parsed.issues).toEqual([]));

  it("matches every exact figure of the independent report to 1e-9", () => {
    expect(differences(report, expected, "", (path) => path === ".comparison.ci95")).toEqual([]);
  });

  it("gives the bootstrap interval within Monte-Carlo error", () => {
    const [low, high] = expected.comparison.ci95 as [number, number];
    expect(report.comparison?.ci95?.[0]).toBeCloseTo(low, 2);
    expect(report.comparison?.ci95?.[1]).toBeCloseTo(high, 2);
    expect(report.comparison?.resamples).toBe(10_000);
  });
});

type Spec = {
  criteria: [string, string, Dimension][]; // criterion, item, dimension
  responses: [string, string][]; // response, item
  labels?: [string, string, string, boolean][];
  verdicts?: [string, string, string, boolean | null][];
};

function build(spec: Spec): CalibrationInput {
  const items = [...new Set(spec.criteria.map(([, item]) => item))].map((id) => ({
    id,
    criteria: spec.criteria.filter(([, item]) => item === id).map(([cid, , dimension]) => ({ id: cid, dimension, weight: 1 })),
  }));
  return {
    items,
    responses: spec.responses.map(([id, item]) => ({ id, item })),
    labels: (spec.labels ?? []).map(([rater, response, criterion, verdict]) => ({ rater, response, criterion, verdict })),
    verdicts: (spec.verdicts ?? []).map(([judge, response, criterion, verdict]) => ({ judge, response, criterion, verdict })),
  };
}

describe("consensus and clinicians' agreement", () => {
  const base: Spec = {
    criteria: [["c1", "t1", "identification"], ["c2", "t1", "disclaimers"]],
    responses: [["r1", "t1"], ["r2", "t1"]],
  };

  it("a 2–2 tie and a unit with a single label have no consensus", () => {
    const report = calibrate(build({
      ...base,
      labels: [
        ["a", "r1", "c1", true], ["b", "r1", "c1", true], ["c", "r1", "c1", false], ["d", "r1", "c1", false],
        ["a", "r1", "c2", true],
        ["a", "r2", "c1", true], ["b", "r2", "c1", true], ["c", "r2", "c1", true], ["d", "r2", "c1", false],
      ],
    }), { resamples: 0 });
    expect(report.units).toEqual({ total: 4, with_consensus: 1, no_consensus: 3 });
    expect(report.clinicians.raters).toEqual(["a", "b", "c", "d"]);
    expect(report.clinicians.units).toBe(2); // complete: labeled by all four
    expect(report.clinicians.pairwise).toHaveLength(6);
    expect(report.clinicians.pairwise[0]).toMatchObject({ raters: ["a", "b"], units: 2, agreement: 1, kappa: null });
  });

  it("fewer than two clinicians: no complete units, every figure null, no pairs", () => {
    const report = calibrate(build({ ...base, labels: [["a", "r1", "c1", true], ["a", "r2", "c1", false]] }), { resamples: 0 });
    expect(report.clinicians).toMatchObject({ units: 0, percent_agreement: null, fleiss_kappa: null, gwet_ac1: null, pairwise: [] });
    expect(report.units.with_consensus).toBe(0);
    expect(report.clinicians.by_dimension.identification).toEqual({ units: 0, percent_agreement: null, fleiss_kappa: null, gwet_ac1: null });
  });
});

describe("panels against the consensus", () => {
  // 3 clinicians agree on every unit; consensus: c1 (identification) always 1, c2 (disclaimers) alternates.
  const responses: [string, string][] = Array.from({ length: 6 }, (_, i) => [`r${i}`, i < 3 ? "t1" : "t2"]);
  const criteria: [string, string, Dimension][] = [
    ["t1.c1", "t1", "identification"], ["t1.c2", "t1", "disclaimers"],
    ["t2.c1", "t2", "identification"], ["t2.c2", "t2", "disclaimers"],
  ];
  const truth = (r: number, c: number) => (c === 1 ? true : r % 2 === 0);
  const units = responses.flatMap(([id, item], r) => [1, 2].map((c) => ({ r, id, criterion: `${item}.c${c}`, truth: truth(r, c) })));
  const labels = units.flatMap((u) => ["x", "y", "z"].map((rater) => [rater, u.id, u.criterion, u.truth] as [string, string, string, boolean]));

  it("a single-class dimension has κ null but a macro-F1; a panel with no verdicts on a unit excludes it", () => {
    const verdicts: [string, string, string, boolean | null][] = units.flatMap((u, i) => [
      ["judge-1", u.id, u.criterion, u.truth] as [string, string, string, boolean | null],
      ["judge-2", u.id, u.criterion, i === 0 ? null : u.truth],
      ["judge-3", u.id, u.criterion, i === 0 ? null : !u.truth],
    ]);
    const report = calibrate(build({ criteria, responses, labels, verdicts }), { resamples: 0, minCoverage: 0 });
    const judge1 = report.judges[0];
    expect(judge1.by_dimension.identification).toEqual({ units: 6, kappa: null, macro_f1: 1 });
    expect(judge1.kappa).toBe(1);
    expect(report.judges[1]).toMatchObject({ judge: "judge-2", units: 11, excluded: 1 });
    // panel {1,2,3}: on unit 0 only judge-1 answers → its verdict; elsewhere 2 vs 1 → the truth
    expect(report.panels).toHaveLength(1);
    expect(report.panels[0]).toMatchObject({ rank: 1, judges: ["judge-1", "judge-2", "judge-3"], units: 12, excluded: 0, accuracy: 1 });
    expect(report.comparison).toBeNull();
  });

  it("a panel whose judges tie on a unit leaves it out", () => {
    const verdicts: [string, string, string, boolean | null][] = units.flatMap((u, i) => [
      ["j1", u.id, u.criterion, u.truth] as [string, string, string, boolean | null],
      ["j2", u.id, u.criterion, i === 3 ? !u.truth : u.truth],
      ["j3", u.id, u.criterion, i === 3 ? null : u.truth],
    ]);
    const report = calibrate(build({ criteria, responses, labels, verdicts }), { resamples: 0, minCoverage: 0 });
    expect(report.panels[0]).toMatchObject({ units: 11, excluded: 1 });
  });

  it("ranks by κ, then macro-F1, then judge ids compared as strings (judge-10 before judge-2)", () => {
    // judge-2 and judge-10 say exactly the same thing: identical κ and macro-F1.
    const verdicts: [string, string, string, boolean | null][] = units.flatMap((u, i) => [
      ["judge-2", u.id, u.criterion, i === 1 ? !u.truth : u.truth] as [string, string, string, boolean | null],
      ["judge-10", u.id, u.criterion, i === 1 ? !u.truth : u.truth],
      ["judge-1", u.id, u.criterion, u.truth],
    ]);
    const report = calibrate(build({ criteria, responses, labels, verdicts }), { panelSize: 1, resamples: 0 });
    expect(report.panels.map((p) => p.judges[0])).toEqual(["judge-1", "judge-10", "judge-2"]);
    expect(report.panels.map((p) => p.rank)).toEqual([1, 2, 3]);
    expect(report.judges.map((j) => j.judge)).toEqual(["judge-1", "judge-10", "judge-2"]);
  });

  it("a panel whose κ is null ranks after every panel with a number", () => {
    const verdicts: [string, string, string, boolean | null][] = units.flatMap((u) => [
      ["a-null", u.id, u.criterion, null] as [string, string, string, boolean | null],
      ["b-poor", u.id, u.criterion, !u.truth],
    ]);
    // a judge with no verdict at all is a candidate only when no coverage is asked of judges
    const report = calibrate(build({ criteria, responses, labels, verdicts }), { panelSize: 1, resamples: 0, minCoverage: 0 });
    expect(report.panels.map((p) => [p.judges[0], p.kappa === null])).toEqual([["b-poor", false], ["a-null", true]]);
    expect(report.panels[1]).toMatchObject({ units: 0, excluded: 12, accuracy: null, macro_f1: null, gwet_ac1: null });
  });

  it("rejects an even or out-of-range panel size", () => {
    expect(() => calibrate(build({ criteria, responses, labels }), { panelSize: 2 })).toThrow(/odd/);
    expect(() => calibrate(build({ criteria, responses, labels }), { panelSize: 9 })).toThrow(/odd/);
  });
});

/** A random calibration with missing labels and verdicts, for property checks. */
function randomInput(seed: number, judges: number): CalibrationInput {
  const random = mulberry32(seed);
  const criteria: [string, string, Dimension][] = [];
  const responses: [string, string][] = [];
  for (let t = 0; t < 12; t++) {
    for (let c = 0; c < 5; c++) criteria.push([`t${t}.c${c}`, `t${t}`, DIMENSIONS[(t + c) % 7]]);
    for (let r = 0; r < 3; r++) responses.push([`t${t}.r${r}`, `t${t}`]);
  }
  const labels: [string, string, string, boolean][] = [];
  const verdicts: [string, string, string, boolean | null][] = [];
  for (const [response, item] of responses) {
    for (const [criterion] of criteria.filter(([, it]) => it === item)) {
      const truth = random() < 0.55;
      for (const rater of ["ana", "ben", "cy", "dee"]) if (random() < 0.9) labels.push([rater, response, criterion, random() < 0.85 ? truth : !truth]);
      for (let j = 0; j < judges; j++) {
        if (random() < 0.05) continue;
        verdicts.push([`judge-${j}`, response, criterion, random() < 0.05 ? null : random() < 0.6 + j * 0.04 ? truth : !truth]);
      }
    }
  }
  return build({ criteria, responses, labels, verdicts });
}

/** The straightforward computation, unit by unit, of one panel's confusion against the consensus. */
function naivePanel(input: CalibrationInput, judges: string[]) {
  const key = (response: string, criterion: string) => `${response}|${criterion}`;
  const labelsOn = new Map<string, boolean[]>();
  for (const l of input.labels) labelsOn.set(key(l.response, l.criterion), [...(labelsOn.get(key(l.response, l.criterion)) ?? []), l.verdict]);
  const verdictOf = new Map(input.verdicts.map((v) => [`${v.judge}|${key(v.response, v.criterion)}`, v.verdict]));
  const c = { n11: 0, n10: 0, n01: 0, n00: 0 };
  let excluded = 0;
  for (const [k, labels] of labelsOn) {
    const ones = labels.filter(Boolean).length;
    const zeros = labels.length - ones;
    if (labels.length < 2 || ones === zeros) continue;
    const truth = ones > zeros;
    const votes = judges.map((j) => verdictOf.get(`${j}|${k}`)).filter((v): v is boolean => v === true || v === false);
    const yes = votes.filter(Boolean).length;
    const no = votes.length - yes;
    if (yes === no) {
      excluded++;
      continue;
    }
    const pred = yes > no;
    if (pred && truth) c.n11++;
    else if (pred) c.n10++;
    else if (truth) c.n01++;
    else c.n00++;
  }
  return { c, excluded };
}

describe("the fast panel tallies agree with a unit-by-unit recount", () => {
  for (const size of [1, 3, 5]) {
    it(`every panel of ${size}`, () => {
      const input = randomInput(size * 101, 7);
      const report = calibrate(input, { panelSize: size, resamples: 0, minCoverage: 0 });
      expect(report.panels.length).toBe(size === 1 ? 7 : size === 3 ? 35 : 21);
      for (const panel of report.panels) {
        const { c, excluded } = naivePanel(input, panel.judges);
        expect(panel.units).toBe(c.n11 + c.n10 + c.n01 + c.n00);
        expect(panel.excluded).toBe(excluded);
        expect(panel.kappa).toBeCloseTo(cohenKappa(c) ?? NaN, 12);
        expect(panel.macro_f1).toBeCloseTo(macroF1(c) ?? NaN, 12);
      }
      const ranks = report.panels.map((p) => p.kappa ?? -Infinity);
      expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
    });
  }
});

describe("ablation and bootstrap", () => {
  const input = randomInput(7, 7);
  const options = { resamples: 2000, seed: 5, minCoverage: 0 };
  const report = calibrate(input, options);

  it("ablation's top panel is the top panel of the report recomputed without that dimension", () => {
    for (const [dimension, entry] of Object.entries(report.ablation)) {
      const keep = new Set(input.items.flatMap((item) => item.criteria.filter((c) => c.dimension !== dimension).map((c) => c.id)));
      const without: CalibrationInput = {
        ...input,
        items: input.items.map((item) => ({ ...item, criteria: item.criteria.filter((c) => keep.has(c.id)) })),
      };
      const again = calibrate(without, { resamples: 0, minCoverage: 0 });
      expect(entry.top).toEqual(again.panels[0].judges);
      expect(entry.top_kappa).toBeCloseTo(again.panels[0].kappa ?? NaN, 12);
      const key = report.panels[0].judges.join(",");
      expect(entry.rank_of_overall_top).toBe(again.panels.find((p) => p.judges.join(",") === key)?.rank);
    }
  });

  it("the observed Δκ is rank 1's κ minus rank 2's, the interval brackets it, and a seed repeats", () => {
    const cmp = report.comparison;
    expect(cmp?.a).toEqual(report.panels[0].judges);
    expect(cmp?.b).toEqual(report.panels[1].judges);
    expect(cmp?.delta_kappa).toBeCloseTo((report.panels[0].kappa ?? 0) - (report.panels[1].kappa ?? 0), 12);
    const [low, high] = cmp?.ci95 ?? [NaN, NaN];
    const observed = cmp?.delta_kappa ?? NaN;
    expect([low, high, observed].every(Number.isFinite)).toBe(true);
    expect(low).toBeLessThan(high);
    expect(low).toBeLessThanOrEqual(observed);
    expect(high).toBeGreaterThanOrEqual(observed);
    expect(cmp?.resamples).toBe(2000);
    expect(calibrate(input, options).comparison).toEqual(cmp);
    expect(calibrate(input, { ...options, seed: 6 }).comparison?.ci95).not.toEqual(cmp?.ci95);
  });
});

describe("candidate judges", () => {
  // 20 units, all with a consensus (three agreeing clinicians); judges right on every unit they answer.
  const criteria: [string, string, Dimension][] = [["t1.c1", "t1", "identification"], ["t1.c2", "t1", "disclaimers"]];
  const responses: [string, string][] = Array.from({ length: 10 }, (_, i) => [`r${i}`, "t1"]);
  const units = responses.flatMap(([id], r) => ["t1.c1", "t1.c2"].map((criterion, c) => ({ id, criterion, truth: (r + c) % 3 === 0 })));
  const labels = units.flatMap((u) => ["x", "y", "z"].map((rater) => [rater, u.id, u.criterion, u.truth] as [string, string, string, boolean]));
  /** Verdicts of a judge on the first `covered` units (right on each unless `wrong`), null on the rest. */
  const judge = (id: string, covered: number, wrong = false) =>
    units.map((u, i) => [id, u.id, u.criterion, i < covered ? (wrong ? !u.truth : u.truth) : null] as [string, string, string, boolean | null]);

  it("coverage is compared exactly: 19 of 20 units reach 0.95, 18 of 20 do not", () => {
    const report = calibrate(build({ criteria, responses, labels, verdicts: [...judge("a", 20), ...judge("b", 19), ...judge("c", 18)] }), { resamples: 0, panelSize: 1 });
    expect(report.judges.map(({ judge, coverage, candidate }) => ({ judge, coverage, candidate }))).toEqual([
      { judge: "a", coverage: 1, candidate: true },
      { judge: "b", coverage: 0.95, candidate: true },
      { judge: "c", coverage: 0.9, candidate: false },
    ]);
    expect(report.panels.map((p) => p.judges)).toEqual([["a"], ["b"]]);
    expect(report.min_coverage).toBe(0.95);
  });

  it("a judge with few verdicts enters no panel, the comparison or the ablation, but keeps its own figures", () => {
    // "few" is right on its 3 units; with it, a panel of two poor judges would look perfect there.
    const verdicts = [...judge("good-1", 20), ...judge("good-2", 20), ...judge("poor-1", 20, true), ...judge("poor-2", 20, true), ...judge("few", 3)];
    const report = calibrate(build({ criteria, responses, labels, verdicts }), { resamples: 50 });
    expect(report.judges.find((j) => j.judge === "few")).toMatchObject({ units: 3, excluded: 17, coverage: 0.15, candidate: false, kappa: 1 });
    expect(report.panels).toHaveLength(4);
    expect(report.panels.flatMap((p) => p.judges)).not.toContain("few");
    expect([...(report.comparison?.a ?? []), ...(report.comparison?.b ?? [])]).not.toContain("few");
    for (const entry of Object.values(report.ablation)) expect(entry.top).not.toContain("few");
    const everyone = calibrate(build({ criteria, responses, labels, verdicts }), { resamples: 0, minCoverage: 0 });
    expect(everyone.panels).toHaveLength(10);
  });

  it("the candidates can be decided elsewhere (a hold-out decides them over the whole set)", () => {
    const verdicts = [...judge("a", 20), ...judge("b", 20), ...judge("c", 20), ...judge("d", 10)];
    const report = calibrate(build({ criteria, responses, labels, verdicts }), { resamples: 0, candidates: ["a", "c", "d"] });
    expect(report.judges.map((j) => j.candidate)).toEqual([true, false, true, true]);
    expect(report.panels.map((p) => p.judges)).toEqual([["a", "c", "d"]]);
  });

  it("with no unit that has a consensus, no judge is a candidate and coverage is null", () => {
    const report = calibrate(build({ criteria, responses, labels: [], verdicts: judge("a", 20) }), { resamples: 0, panelSize: 1 });
    expect(report.judges[0]).toMatchObject({ coverage: null, candidate: false });
    expect(report.panels).toEqual([]);
  });

  it("refuses a minimum coverage outside 0..1", () => {
    expect(() => calibrate(build({ criteria, responses, labels }), { minCoverage: 1.5 })).toThrow(/from 0 to 1/);
    expect(() => calibrate(build({ criteria, responses, labels }), { minCoverage: Number.NaN })).toThrow(/from 0 to 1/);
  });
});

describe("decimalFraction", () => {
  it("names the fraction of the decimal spelling", () => {
    expect(decimalFraction(0.95)).toEqual({ num: 95n, den: 100n });
    expect(decimalFraction(1)).toEqual({ num: 1n, den: 1n });
    expect(decimalFraction(1e-7)).toEqual({ num: 1n, den: 10_000_000n });
    expect(decimalFraction(0)).toEqual({ num: 0n, den: 1n });
  });
});
