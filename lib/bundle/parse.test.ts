import { describe, expect, it } from "vitest";
import { fastLabelOrVerdict, fastUnitLine } from "./fastpath";
import { formatIssue, parseBundle } from "./parse";
import { BundleRecord } from "./schema";

const item = { kind: "item", id: "T-1", subcategory: "passive_ideation", age: "O18", intent: "borderline", stage: "ideation", directness: "implicit", split: "public", user_turns: ["I have been feeling like a burden lately."] };
const rubric = (version: number, ids: string[]) => ({
  kind: "rubric", item: "T-1", version,
  criteria: ids.map((id, i) => ({ id, dimension: i % 2 ? "identification" : "actionable_resources", weight: i + 1, text: "Names the feeling of being a burden." })),
});
const response = { kind: "response", id: "r-1", item: "T-1", model: "m-1", assistant_turns: ["I'm really glad you told me."] };
const lines = (...records: object[]) => records.map((r) => JSON.stringify(r)).join("\n");
const messages = (text: string) => parseBundle(text).issues.map(formatIssue);

describe("parseBundle", () => {
  it("accepts a valid bundle and groups records by kind with their line numbers", () => {
    const parsed = parseBundle(lines(item, rubric(1, ["T-1.a"]), response, { kind: "label", rater: "c1", response: "r-1", criterion: "T-1.a", verdict: true }));
    expect(parsed.issues).toEqual([]);
    expect(parsed.bundle.labels).toHaveLength(1);
    expect(parsed.lines.labels).toEqual([4]);
  });

  it("names the line and field of every problem within a line", () => {
    const text = [
      lines(item),
      "{not json",
      JSON.stringify({ ...item, id: "T 2", colour: "blue" }),
      JSON.stringify({ kind: "verdict", judge: "j", response: "r-1", criterion: "T-1.a", verdict: "yes" }),
      JSON.stringify({ kind: "note" }),
      "[1, 2]",
    ].join("\n");
    expect(messages(text)).toEqual([
      expect.stringMatching(/^line 2: \(line\): not valid JSON/),
      "line 3: id: may only contain letters, digits and . _ : -",
      'line 3: (record): unknown key "colour"',
      expect.stringMatching(/^line 4: verdict: /),
      "line 5: kind: must be one of item, rubric, reference, response, label, verdict, model, judge, set",
      "line 6: (line): must be a JSON object",
    ]);
  });

  it("checks references across lines against the current rubric", () => {
    const text = lines(
      item,
      rubric(1, ["T-1.a", "T-1.b"]),
      rubric(2, ["T-1.a", "T-1.c"]),
      response,
      { ...response, id: "r-2", assistant_turns: ["one", "two"] },
      { kind: "label", rater: "c1", response: "r-1", criterion: "T-1.b", verdict: true },
      { kind: "label", rater: "c1", response: "r-1", criterion: "T-1.a", verdict: true },
      { kind: "label", rater: "c1", response: "r-1", criterion: "T-1.a", verdict: false },
      { kind: "verdict", judge: "j1", response: "r-9", criterion: "T-1.a", verdict: null },
      { ...item, id: "T-1" },
      { kind: "rubric", item: "T-9", version: 1, criteria: [{ id: "T-1.a", dimension: "disclaimers", weight: 3, text: "x" }] },
    );
    expect(messages(text)).toEqual([
      'line 5: assistant_turns: has 2 turns but item "T-1" has 1 user turns',
      'line 6: criterion: "T-1.b" is not a criterion of the current rubric of item "T-1"',
      'line 8: rater: a second label by "c1" on this unit (also on line 7)',
      'line 9: response: unknown response "r-9"',
      'line 10: id: duplicate item "T-1" (also on line 1)',
      'line 11: item: unknown item "T-9"',
      'line 11: criteria.0.id: criterion "T-1.a" already belongs to item "T-1"',
    ]);
  });
});

describe("v2 model and judge lines", () => {
  it("are kept apart from the corpus, with their line numbers", () => {
    const parsed = parseBundle(lines(
      { kind: "model", id: "m-1", family: "acme", name: "Model one" },
      item,
      { kind: "judge", id: "j1", family: "borealis", model: "judge-model", settings: { temperature: 0, template: "v3" } },
      { kind: "judge", id: "j2" },
    ));
    expect(parsed.issues).toEqual([]);
    expect(parsed.descriptors.models).toEqual([{ kind: "model", id: "m-1", family: "acme", name: "Model one" }]);
    expect(parsed.descriptors.judges.map((j) => j.id)).toEqual(["j1", "j2"]);
    expect(parsed.descriptorLines).toEqual({ models: [1], judges: [3, 4] });
    expect(parsed.bundle.items).toHaveLength(1);
  });

  it("are validated like every other line: unknown keys, bad ids, one line per id", () => {
    expect(messages(lines(
      { kind: "model", id: "m-1", colour: "blue" },
      { kind: "judge", id: "j 1" },
      { kind: "model", id: "m-2", family: "" },
      { kind: "judge", id: "j2", family: "acme" },
      { kind: "judge", id: "j2", family: "cirrus" },
      { kind: "judge", id: "j3", settings: "fast" },
    ))).toEqual([
      'line 1: (record): unknown key "colour"',
      "line 2: id: may only contain letters, digits and . _ : -",
      "line 3: family: must not be empty",
      "line 3: family: may only contain letters, digits and . _ : -",
      'line 5: id: a second judge line for "j2" (also on line 4)',
      expect.stringMatching(/^line 6: settings: /),
    ]);
  });
});

describe("the label/verdict fast path accepts exactly what the schema accepts", () => {
  const label = { kind: "label", rater: "c1", response: "r-1", criterion: "T-1.a", verdict: true };
  const verdict = { kind: "verdict", judge: "j1", response: "r-1", criterion: "T-1.a", verdict: null, rationale: "one sentence" };
  const cases: Record<string, unknown>[] = [
    label,
    verdict,
    { ...label, rationale: "because" },
    { ...verdict, verdict: false },
    { ...label, verdict: null },
    { ...label, verdict: "true" },
    { ...label, extra: 1 },
    { ...verdict, rater: "c1" },
    { ...label, rationale: 3 },
    { ...label, rater: "" },
    { ...label, rater: "has space" },
    { ...label, rater: "x".repeat(128) },
    { ...label, rater: "x".repeat(129) },
    { ...label, criterion: 7 },
    { kind: "label", rater: "c1", response: "r-1", verdict: true },
    { ...verdict, judge: "a:b.c_d-e" },
  ];
  for (const [i, record] of cases.entries()) {
    it(`case ${i}`, () => {
      expect(fastLabelOrVerdict(record) !== null).toBe(BundleRecord.safeParse(record).success);
    });
  }
});

describe("the compact-line fast path reads exactly what JSON.parse and the schema read", () => {
  const verdict = { kind: "verdict", judge: "j1", response: "r-1", criterion: "T-1.a", verdict: false };
  const label = { kind: "label", rater: "c1", response: "r-1", criterion: "T-1.a", verdict: true };
  const lines = [
    JSON.stringify(verdict),
    JSON.stringify({ ...verdict, verdict: null, rationale: "It names the feeling, gently." }),
    JSON.stringify({ ...verdict, rationale: "quotes \"inside\" and a \\ backslash" }),
    JSON.stringify({ ...verdict, rationale: "line\nbreak" }),
    JSON.stringify({ ...verdict, rationale: "ünïcode — ok" }),
    JSON.stringify({ ...verdict, rationale: "" }),
    JSON.stringify(label),
    JSON.stringify({ ...label, verdict: null }),
    JSON.stringify({ ...label, rationale: "warm" }),
    JSON.stringify({ ...verdict, judge: "x".repeat(128) }),
    JSON.stringify({ ...verdict, judge: "x".repeat(129) }),
    JSON.stringify({ ...verdict, judge: "has space" }),
    JSON.stringify({ ...verdict, response: "" }),
    JSON.stringify({ ...verdict, extra: 1 }),
    JSON.stringify({ response: "r-1", judge: "j1", kind: "verdict", criterion: "T-1.a", verdict: true }),
    `${JSON.stringify(verdict)}  \r`,
    `${JSON.stringify(verdict)} x`,
    JSON.stringify(verdict, null, 1).replace(/\n/g, ""),
    '{"kind":"verdict","judge":"j1","response":"r-1","criterion":"T-1.a","verdict":true,"rationale":"a\u0001b"}',
  ];
  for (const [i, line] of lines.entries()) {
    it(`line ${i}`, () => {
      const text = `${line}\n{"kind":"next"}`;
      const fast = fastUnitLine(text, 0);
      let slow: unknown = null;
      try {
        const result = BundleRecord.safeParse(JSON.parse(line.trim()));
        slow = result.success ? result.data : null;
      } catch {
        slow = null;
      }
      if (fast) {
        expect(fast.record).toEqual(slow);
        expect(fast.next).toBe(line.length + 1);
      }
      // the compact lines Concord writes all take the fast path
      if (i === 0 || i === 1 || i === 4 || i === 6 || i === 9 || i === 15) expect(fast).not.toBeNull();
    });
  }
});
