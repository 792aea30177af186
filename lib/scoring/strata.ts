import { byCodeUnit } from "../calibration/units";
import type { ScoringItem } from "./input";
import type { ScoringLayout } from "./layout";
import { modelMean } from "./itemFirst";

/** The item fields strata are cut by (METRICS.md); `turns` is single (one user turn) or multi. */
export const STRATUM_FIELDS = ["age", "intent", "stage", "directness", "split", "subcategory", "turns"] as const;
export type StratumField = (typeof STRATUM_FIELDS)[number];

export function stratumValue(item: ScoringItem, field: StratumField): string {
  return field === "turns" ? (item.turns === 1 ? "single" : "multi") : item[field];
}

export interface Stratum {
  pooled: number | null;
  models: Record<string, number>;
}

/**
 * For every field and every value present among `scoredItems` (the items of T): each
 * model's item-first score over the items with that value, and their mean over the
 * models that have one.
 */
export function strata(layout: ScoringLayout, f: Float64Array, scoredItems: readonly number[]): Record<StratumField, Record<string, Stratum>> {
  const out = {} as Record<StratumField, Record<string, Stratum>>;
  for (const field of STRATUM_FIELDS) {
    const valueOf = layout.items.map((item) => stratumValue(item, field));
    const values = [...new Set(scoredItems.map((t) => valueOf[t]))].sort(byCodeUnit);
    out[field] = {};
    for (const value of values) {
      const models: Record<string, number> = {};
      let sum = 0;
      let n = 0;
      layout.models.forEach((model, m) => {
        const { mean } = modelMean(f, layout.items.length, m, (t) => valueOf[t] === value);
        if (mean === null) return;
        models[model] = mean;
        sum += mean;
        n++;
      });
      out[field][value] = { pooled: n === 0 ? null : sum / n, models };
    }
  }
  return out;
}
