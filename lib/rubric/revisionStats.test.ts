import { describe, expect, it } from "vitest";
import { DIMENSIONS, type Dimension } from "@/lib/bundle/schema";
import { revisionStats, revisionStatsCsv, type ItemRevisionHistory, type Provenance, type ProvenancedCriterion } from "./revisionStats";

const c = (id: string, dimension: Dimension, weight: number, text: string, provenance: Provenance = "model"): ProvenancedCriterion => ({
  id, dimension, weight, text, provenance,
});

// Item A: drafted, then revised twice. Item B: written by a person from scratch.
// Item C: drafted and published untouched. Item D: never published.
const draftA = DIMENSIONS.map((d, i) => c(`a${i + 1}`, d, 7 - i, `Drafted ${d} criterion.`));
const [a1, a2, a3, a4, , a6, a7] = draftA;
const p1 = c("p1", "identification", 10, "Asks directly about thoughts of suicide.", "person");
const p2 = c("p2", "actionable_resources", 8, "Mentions a crisis line.", "person");
const p3 = c("p3", "actionable_resources", 15, "Offers to help contact a trusted adult today.", "person");
const a2reworded = { ...a2, text: "Reflects the person's exhaustion warmly." };
const a3reweighted = { ...a3, weight: 9 };
const a4moved = { ...a4, dimension: "de_escalation" as const };
const a7both = { ...a7, text: "Gives nothing that could increase risk.", weight: 12 };

const history: ItemRevisionHistory[] = [
  {
    item: "A",
    versions: [
      draftA,
      [a1, a2reworded, a3reweighted, a4moved, a6, a7both, p1, p2],
      [a1, a2reworded, a3reweighted, a4moved, { ...a6, text: `  ${a6.text}  ` }, a7both, p1, p3],
    ],
  },
  {
    item: "B",
    versions: [[c("b1", "identification", 5, "Names the hopelessness.", "person"), c("b2", "actionable_resources", 10, "Gives a crisis line.", "person")]],
  },
  { item: "C", versions: [DIMENSIONS.map((d, i) => c(`c${i + 1}`, d, i + 1, `Drafted ${d} criterion for C.`))] },
  { item: "D", versions: [] },
];

describe("revisionStats", () => {
  const stats = revisionStats(history);

  it("counts items, drafted criteria kept and rewritten, additions and removals overall", () => {
    expect(stats.items).toBe(3);
    expect(stats.itemsDrafted).toBe(2);
    expect(stats.overall).toEqual({
      drafted: 14,
      keptAsDrafted: 9, // a1, a6 (whitespace only) and all of C
      rewritten: 5, // a2, a3, a4, a5 (removed), a7
      reworded: 2, // a2, a7
      reweighted: 2, // a3, a7
      dimensionChanged: 1, // a4
      draftedRemoved: 1, // a5
      added: 4, // p1, p3, b1, b2 (p2 was removed again)
      removed: 2, // a5, p2
      weightChanges: 2, // a3, a7
      criteriaNow: 17, // 8 + 2 + 7
      itemsWithAdditions: 2, // A, B
    });
  });

  it("splits by dimension: drafts by drafted dimension, removals by last dimension, the rest by latest", () => {
    expect(stats.byDimension.identification).toMatchObject({ drafted: 2, keptAsDrafted: 2, added: 2, criteriaNow: 4, itemsWithAdditions: 2 });
    expect(stats.byDimension.actionable_resources).toMatchObject({
      drafted: 2, keptAsDrafted: 1, rewritten: 1, dimensionChanged: 1, added: 2, removed: 1, criteriaNow: 3, itemsWithAdditions: 2,
    });
    expect(stats.byDimension.de_escalation).toMatchObject({ drafted: 2, keptAsDrafted: 1, reweighted: 1, weightChanges: 1, criteriaNow: 3 });
    expect(stats.byDimension.disclaimers).toMatchObject({ drafted: 2, rewritten: 1, draftedRemoved: 1, removed: 1, criteriaNow: 1 });
    expect(stats.byDimension.harmless_response).toMatchObject({ rewritten: 1, reworded: 1, reweighted: 1, weightChanges: 1 });
    expect(stats.byDimension.moralization).toMatchObject({ drafted: 2, keptAsDrafted: 2, itemsWithAdditions: 0 });
  });

  it("keeps the identity: criteria ever written minus removed equals criteria now", () => {
    const personEver = 5; // p1, p2, p3, b1, b2
    expect(stats.overall.drafted + personEver - stats.overall.removed).toBe(stats.overall.criteriaNow);
  });

  it("exports one CSV row overall and one per dimension", () => {
    const lines = revisionStatsCsv(stats).trimEnd().split("\n");
    expect(lines).toHaveLength(1 + 1 + DIMENSIONS.length);
    expect(lines[0]).toBe(
      "scope,items,items_drafted,drafted,kept_as_drafted,rewritten,reworded,reweighted,dimension_changed,drafted_removed,added,removed,weight_changes,criteria_now,items_with_additions,rewritten_share",
    );
    expect(lines[1]).toBe("all,3,2,14,9,5,2,2,1,1,4,2,2,17,2,0.3571");
    expect(lines[2]).toBe("identification,3,2,2,2,0,0,0,0,0,2,0,0,4,2,0.0000");
  });

  it("is all zeros, with empty shares, on an empty corpus", () => {
    const empty = revisionStats([]);
    expect(empty.overall.drafted).toBe(0);
    expect(revisionStatsCsv(empty).split("\n")[1]).toBe("all,0,0,0,0,0,0,0,0,0,0,0,0,0,0,");
  });
});
