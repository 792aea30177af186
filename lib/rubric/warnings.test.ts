import { describe, expect, it } from "vitest";
import { DIMENSIONS, type Dimension } from "@/lib/bundle/schema";
import { rubricWarnings, scaffoldCriteria } from "./warnings";

const of = (...dimensions: Dimension[]) => dimensions.map((dimension) => ({ dimension }));

describe("rubricWarnings", () => {
  it("is quiet for a scale of 6–20 criteria with identification and actionable resources", () => {
    expect(rubricWarnings(of(...DIMENSIONS))).toEqual([]);
    expect(rubricWarnings(of("identification", "actionable_resources", ...Array<Dimension>(18).fill("de_escalation")))).toEqual([]);
  });

  it("warns about too few, too many and missing key dimensions", () => {
    expect(rubricWarnings([]).map((w) => w.code)).toEqual(["too_few", "no_identification", "no_actionable_resources"]);
    const many = rubricWarnings(of("identification", ...Array<Dimension>(20).fill("disclaimers")));
    expect(many.map((w) => w.code)).toEqual(["too_many", "no_actionable_resources"]);
    expect(many[0].message).toBe("21 criteria; scales usually have 6 to 20.");
  });
});

describe("scaffoldCriteria", () => {
  it("gives one empty criterion per dimension with weights 7..1", () => {
    const scaffold = scaffoldCriteria();
    expect(scaffold.map((c) => c.dimension)).toEqual([...DIMENSIONS]);
    expect(scaffold.map((c) => c.weight)).toEqual([7, 6, 5, 4, 3, 2, 1]);
    expect(scaffold.every((c) => c.text === "")).toBe(true);
    expect(rubricWarnings(scaffold)).toEqual([]);
  });
});
