import { DIMENSIONS, type Criterion, type Dimension } from "@/lib/bundle/schema";
import { criterionChanges } from "./diff";

export type Provenance = "model" | "person";
export interface ProvenancedCriterion extends Criterion {
  provenance: Provenance;
}
/** One item's published rubric versions, oldest first. */
export interface ItemRevisionHistory {
  item: string;
  versions: readonly (readonly ProvenancedCriterion[])[];
}

export interface RevisionCounts {
  drafted: number;
  keptAsDrafted: number;
  rewritten: number;
  reworded: number;
  reweighted: number;
  dimensionChanged: number;
  draftedRemoved: number;
  added: number;
  removed: number;
  weightChanges: number;
  criteriaNow: number;
  itemsWithAdditions: number;
}

export interface RevisionStats {
  /** Items with at least one published version. */
  items: number;
  /** Items with at least one model-drafted criterion. */
  itemsDrafted: number;
  overall: RevisionCounts;
  byDimension: Record<Dimension, RevisionCounts>;
}

function zero(): RevisionCounts {
  return {
    drafted: 0, keptAsDrafted: 0, rewritten: 0, reworded: 0, reweighted: 0, dimensionChanged: 0,
    draftedRemoved: 0, added: 0, removed: 0, weightChanges: 0, criteriaNow: 0, itemsWithAdditions: 0,
  };
}

/**
 * The paper's revision statistics over a corpus history. Per item, each criterion id is
 * followed from its *first appearance* (the earliest published version holding it) to
 * the item's *latest* version:
 * - `drafted`: criteria whose first appearance has provenance `model`.
 * - `keptAsDrafted`: drafted criteria present in the latest version with the same text
 *   (up to whitespace), weight and dimension as first drafted; `rewritten` = the rest.
 * - `reworded` / `reweighted` / `dimensionChanged`: drafted criteria present in the latest version
 *   whose text / weight / dimension differs from the draft (one criterion can count in
 *   several); `draftedRemoved`: drafted criteria absent from the latest version. So
 *   rewritten ≤ reworded + reweighted + dimensionChanged + draftedRemoved.
 * - `added`: criteria whose first appearance has provenance `person` and that are in the
 *   latest version (a person's criterion removed again counts only in `removed`).
 * - `removed`: criteria of any provenance absent from the latest version.
 * - `weightChanges`: criteria in the latest version whose weight differs from their
 *   first appearance.
 * - `criteriaNow`: criteria in the latest versions.
 * - `itemsWithAdditions`: items whose latest version holds an `added` criterion.
 * Per dimension, drafted counts go to the dimension as drafted, removals to the
 * dimension the criterion last had, and everything else to its latest dimension.
 * `overall` sums the dimensions, except `itemsWithAdditions`, which counts items once.
 */
export function revisionStats(history: readonly ItemRevisionHistory[]): RevisionStats {
  const byDimension = Object.fromEntries(DIMENSIONS.map((d) => [d, zero()])) as Record<Dimension, RevisionCounts>;
  let items = 0;
  let itemsDrafted = 0;
  let itemsWithAdditions = 0;

  for (const { versions } of history) {
    if (versions.length === 0) continue;
    items++;
    const first = new Map<string, ProvenancedCriterion>();
    const lastSeen = new Map<string, ProvenancedCriterion>();
    for (const version of versions) {
      for (const c of version) {
        if (!first.has(c.id)) first.set(c.id, c);
        lastSeen.set(c.id, c);
      }
    }
    const latest = new Map(versions[versions.length - 1].map((c) => [c.id, c]));
    const additionDimensions = new Set<Dimension>();
    let drafted = false;

    for (const [id, origin] of first) {
      const now = latest.get(id);
      if (origin.provenance === "model") {
        drafted = true;
        const counts = byDimension[origin.dimension];
        counts.drafted++;
        if (now) {
          const changes = criterionChanges(origin, now);
          if (changes.reworded) counts.reworded++;
          if (changes.reweighted) counts.reweighted++;
          if (changes.dimensionChanged) counts.dimensionChanged++;
          if (changes.reworded || changes.reweighted || changes.dimensionChanged) counts.rewritten++;
          else counts.keptAsDrafted++;
        } else {
          counts.draftedRemoved++;
          counts.rewritten++;
        }
      } else if (now) {
        byDimension[now.dimension].added++;
        additionDimensions.add(now.dimension);
      }
      if (!now) {
        byDimension[(lastSeen.get(id) ?? origin).dimension].removed++;
        continue;
      }
      if (now.weight !== origin.weight) byDimension[now.dimension].weightChanges++;
      byDimension[now.dimension].criteriaNow++;
    }

    if (drafted) itemsDrafted++;
    if (additionDimensions.size > 0) itemsWithAdditions++;
    for (const d of additionDimensions) byDimension[d].itemsWithAdditions++;
  }

  const overall = zero();
  for (const counts of Object.values(byDimension)) {
    for (const key of Object.keys(overall) as (keyof RevisionCounts)[]) overall[key] += counts[key];
  }
  overall.itemsWithAdditions = itemsWithAdditions;
  return { items, itemsDrafted, overall, byDimension };
}

const COLUMNS: [string, keyof RevisionCounts][] = [
  ["drafted", "drafted"],
  ["kept_as_drafted", "keptAsDrafted"],
  ["rewritten", "rewritten"],
  ["reworded", "reworded"],
  ["reweighted", "reweighted"],
  ["dimension_changed", "dimensionChanged"],
  ["drafted_removed", "draftedRemoved"],
  ["added", "added"],
  ["removed", "removed"],
  ["weight_changes", "weightChanges"],
  ["criteria_now", "criteriaNow"],
  ["items_with_additions", "itemsWithAdditions"],
];

/**
 * One row for the whole corpus (`scope` = `all`) and one per dimension. `rewritten_share`
 * is rewritten / drafted to four decimals, empty when nothing was drafted; the item
 * totals repeat on every row so each row reads on its own.
 */
export function revisionStatsCsv(stats: RevisionStats): string {
  const header = ["scope", "items", "items_drafted", ...COLUMNS.map(([name]) => name), "rewritten_share"];
  const row = (scope: string, c: RevisionCounts) => [
    scope,
    stats.items,
    stats.itemsDrafted,
    ...COLUMNS.map(([, key]) => c[key]),
    c.drafted > 0 ? (c.rewritten / c.drafted).toFixed(4) : "",
  ];
  const rows = [row("all", stats.overall), ...DIMENSIONS.map((d) => row(d, stats.byDimension[d]))];
  return [header, ...rows].map((r) => r.join(",")).join("\n") + "\n";
}
