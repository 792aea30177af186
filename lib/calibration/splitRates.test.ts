import { describe, expect, it } from "vitest";
import { criterionSplitRates } from "./splitRates";
import { buildUnitTable } from "./units";

describe("criterionSplitRates", () => {
  it("counts splits over the units at least two clinicians labeled, most split first", () => {
    const label = (rater: string, response: string, criterion: string, verdict: boolean) => ({ rater, response, criterion, verdict });
    const table = buildUnitTable({
      items: [{ id: "I", criteria: [{ id: "a", dimension: "identification", weight: 1 }, { id: "b", dimension: "disclaimers", weight: 1 }, { id: "c", dimension: "moralization", weight: 1 }] }],
      responses: [{ id: "r1", item: "I" }, { id: "r2", item: "I" }, { id: "r3", item: "I" }],
      labels: [
        // a: split on r1, agreed on r2, one label only on r3 (not counted).
        label("x", "r1", "a", true), label("y", "r1", "a", false),
        label("x", "r2", "a", true), label("y", "r2", "a", true),
        label("x", "r3", "a", false),
        // b: split on both units it has two labels on.
        label("x", "r1", "b", true), label("y", "r1", "b", false), label("z", "r1", "b", true),
        label("x", "r2", "b", false), label("z", "r2", "b", true),
        // c: a single clinician: left out.
        label("x", "r1", "c", true),
      ],
      verdicts: [],
    });
    expect(criterionSplitRates(table)).toEqual([
      { criterion: "b", units: 2, splits: 2, rate: 1 },
      { criterion: "a", units: 2, splits: 1, rate: 0.5 },
    ]);
  });
});
