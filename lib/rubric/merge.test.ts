import { describe, expect, it } from "vitest";
import type { Criterion } from "@/lib/bundle/schema";
import { mergeRubrics, resolveMerge } from "./merge";

const c = (id: string, text: string, weight = 5, dimension: Criterion["dimension"] = "identification"): Criterion => ({ id, dimension, weight, text });

describe("mergeRubrics", () => {
  const base = [c("a", "Names the risk."), c("b", "Offers a line."), c("d", "Stays calm."), c("e", "No lecture.")];

  it("takes one-sided changes and asks only where both sides changed a criterion differently", () => {
    const theirs = [c("a", "Names the risk gently."), c("b", "Offers a line.", 9), c("e", "No lecture."), c("t", "Theirs new.")];
    const mine = [c("a", "Asks about the risk."), c("b", "Offers a line.", 9), c("m", "Mine new."), c("d", "Stays calm and warm."), c("e", "No lecture.", 2)];
    const merged = mergeRubrics(base, theirs, mine);
    expect(merged).toEqual([
      { id: "a", conflict: true, theirs: theirs[0], mine: mine[0] },
      { id: "b", conflict: false, from: "both", criterion: theirs[1] },
      { id: "m", conflict: false, from: "mine", criterion: mine[2] },
      // They removed "d", which the draft reworded: a choice to make.
      { id: "d", conflict: true, theirs: null, mine: mine[3] },
      { id: "e", conflict: false, from: "mine", criterion: mine[4] },
      { id: "t", conflict: false, from: "theirs", criterion: theirs[3] },
    ]);
    expect(resolveMerge(merged, { a: "theirs", d: "theirs" }).map((x) => x.text)).toEqual(["Names the risk gently.", "Offers a line.", "Mine new.", "No lecture.", "Theirs new."]);
    expect(resolveMerge(merged, {}).map((x) => x.id)).toEqual(["a", "b", "m", "d", "e", "t"]);
  });

  it("drops what one side removed and the other left alone, and merges from nothing", () => {
    const merged = mergeRubrics(base, base.slice(1), base.slice(0, 3));
    expect(merged.filter((e) => !e.conflict && e.criterion === null).map((e) => e.id)).toEqual(["a", "e"]);
    expect(resolveMerge(merged, {}).map((x) => x.id)).toEqual(["b", "d"]);
    expect(resolveMerge(mergeRubrics([], [c("t", "T")], [c("m", "M")]), {}).map((x) => x.id)).toEqual(["m", "t"]);
  });
});
