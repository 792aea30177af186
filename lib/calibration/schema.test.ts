import { describe, expect, it } from "vitest";
import { PANEL_SIZES, PanelJudges, PanelSize, PanelSizeParam, SetId, SetIdParam, isPanelSize } from "./schema";

describe("the panel-size rule", () => {
  it("allows exactly the odd sizes 1 to 7", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 3.5].filter(isPanelSize)).toEqual([...PANEL_SIZES]);
  });

  it("is the same rule for a JSON size, a query size and a panel's judges", () => {
    expect(PanelSize.safeParse(5).success).toBe(true);
    expect(PanelSize.safeParse("5").success).toBe(false);
    expect(PanelSizeParam.parse("5")).toBe(5);
    expect(PanelSizeParam.safeParse("4").error?.issues[0].message).toBe("must be an odd number from 1 to 7, so a panel always has a majority");
    expect(PanelJudges.safeParse(["a", "b", "c"]).success).toBe(true);
    expect(PanelJudges.safeParse(["a", "b"]).error?.issues[0].message).toMatch(/odd number of judges from 1 to 7/);
    expect(PanelJudges.safeParse([]).success).toBe(false);
  });
});

describe("set ids", () => {
  it("are positive whole numbers; a URL's text is coerced, JSON's is not", () => {
    expect(SetIdParam.parse("12")).toBe(12);
    expect(SetId.safeParse("12").success).toBe(false);
    expect(SetIdParam.safeParse("0").error?.issues[0].message).toBe("must be a positive set id");
    expect(SetIdParam.safeParse("1.5").error?.issues[0].message).toBe("must be a whole number");
  });
});
