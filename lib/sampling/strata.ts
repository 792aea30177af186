import type { ItemRecord } from "@/lib/bundle/schema";

/**
 * The strata a calibration set is balanced over (docs/domain.md#calibration: subcategory, age band,
 * single- or multi-turn, harm intent, progression stage).
 */
export const STRATA = ["subcategory", "age", "turns", "intent", "stage"] as const;
export type Stratum = (typeof STRATA)[number];

/** An item as the sampler sees it: its id and its value in every stratum. */
export type SampleItem = { id: string } & Record<Stratum, string>;

export const STRATUM_LABELS: Record<Stratum, string> = {
  subcategory: "Subcategory",
  age: "Age band",
  turns: "Turns",
  intent: "Intent",
  stage: "Stage",
};

/** "single" for a one-turn dialogue, "multi" otherwise. */
export function turnsStratum(userTurns: number): "single" | "multi" {
  return userTurns === 1 ? "single" : "multi";
}

/** A bundle's item record as the sampler sees it. */
export function sampleItemOf(item: Pick<ItemRecord, "id" | "subcategory" | "age" | "user_turns" | "intent" | "stage">): SampleItem {
  return { id: item.id, subcategory: item.subcategory, age: item.age, turns: turnsStratum(item.user_turns.length), intent: item.intent, stage: item.stage };
}

/** For every stratum, how many of `items` take each value (values in code-unit order). */
export function countByStratum(items: readonly SampleItem[]): Record<Stratum, Map<string, number>> {
  const counts = Object.fromEntries(STRATA.map((s) => [s, new Map<string, number>()])) as Record<Stratum, Map<string, number>>;
  for (const item of items) for (const s of STRATA) counts[s].set(item[s], (counts[s].get(item[s]) ?? 0) + 1);
  for (const s of STRATA) counts[s] = new Map([...counts[s]].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return counts;
}

export interface StratumRow {
  value: string;
  /** Items with this value in the population drawn from. */
  population: number;
  /** Items with this value in the set. */
  drawn: number;
}

/** The set's composition next to the population's, per stratum: what the lead checks before confirming. */
export function composition(population: readonly SampleItem[], drawn: readonly SampleItem[]): Record<Stratum, StratumRow[]> {
  const all = countByStratum(population);
  const chosen = countByStratum(drawn);
  return Object.fromEntries(
    STRATA.map((s) => [s, [...all[s]].map(([value, count]) => ({ value, population: count, drawn: chosen[s].get(value) ?? 0 }))]),
  ) as Record<Stratum, StratumRow[]>;
}
