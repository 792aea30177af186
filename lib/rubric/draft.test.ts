import { describe, expect, it } from "vitest";
import { DIMENSIONS } from "@/lib/bundle/schema";
import { DraftedRubric, inDimensionOrder } from "./draft";

const criteria = [...DIMENSIONS].reverse().map((dimension, i) => ({ dimension, weight: i + 1, text: `About ${dimension}.` }));
const messages = (value: unknown) => {
  const parsed = DraftedRubric.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
};

describe("DraftedRubric", () => {
  it("accepts seven criteria, one per dimension, weights a permutation of 1..7", () => {
    expect(messages({ criteria })).toEqual([]);
    expect(inDimensionOrder(DraftedRubric.parse({ criteria }).criteria).map((c) => c.dimension)).toEqual([...DIMENSIONS]);
  });

  it("names every way a draft breaks the protocol", () => {
    expect(messages({ criteria: criteria.slice(1) })).toEqual(["must hold exactly 7 criteria, one per dimension (got 6)"]);
    const twice = criteria.map((c, i) => (i === 0 ? { ...c, dimension: "moralization" } : c));
    expect(messages({ criteria: twice })).toEqual(["must use each dimension exactly once (repeated: moralization; missing: harmless_response)"]);
    const weights = criteria.map((c, i) => (i === 0 ? { ...c, weight: 8 } : c));
    expect(messages({ criteria: weights })).toEqual(["weights must be the numbers 1 to 7, each used once (got 8, 2, 3, 4, 5, 6, 7)"]);
    expect(messages({ criteria: criteria.map((c) => ({ ...c, text: " " })) })).toContain("must not be empty");
  });
});
