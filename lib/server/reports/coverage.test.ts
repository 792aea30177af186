import { describe, expect, it } from "vitest";
import { coverageOf } from "./coverage";

describe("coverageOf", () => {
  const input = {
    items: [{ id: "I-1", criteria: [{ id: "c1", dimension: "identification" as const, weight: 20 }, { id: "c2", dimension: "disclaimers" as const, weight: 1 }] }],
    responses: [{ id: "r-2", item: "I-1" }, { id: "r-1", item: "I-1" }],
    labels: [],
    verdicts: [
      { judge: "j-b", response: "r-1", criterion: "c1", verdict: true },
      { judge: "j-b", response: "r-1", criterion: "c2", verdict: null },
      { judge: "j-a", response: "r-1", criterion: "c2", verdict: null },
      { judge: "j-a", response: "r-2", criterion: "c1", verdict: false },
      { judge: "j-a", response: "r-1", criterion: "old-criterion", verdict: true },
    ],
  };

  it("counts verdicts, missing (null) and absent per judge over the units", () => {
    const coverage = coverageOf(input);
    expect(coverage.units).toBe(4);
    expect(coverage.judges).toEqual([
      { judge: "j-a", verdicts: 1, missing: 1, absent: 2 },
      { judge: "j-b", verdicts: 1, missing: 1, absent: 2 },
    ]);
    expect(coverage.outside).toBe(1);
  });

  it("flags the units no judge gave a true/false verdict on, with their nulls", () => {
    expect(coverageOf(input).uncovered).toEqual([
      { item: "I-1", response: "r-1", criterion: "c2", dimension: "disclaimers", weight: 1, nulls: 2 },
      { item: "I-1", response: "r-2", criterion: "c2", dimension: "disclaimers", weight: 1, nulls: 0 },
    ]);
  });
});
