import { MISSING, ONE, ZERO } from "@/lib/stats/majority";
import type { UnitTable } from "./units";

/** How often the clinicians split on one criterion (docs/metrics.md#criterion-split-rate). */
export interface CriterionSplitRate {
  criterion: string;
  /** Units of the criterion with at least two clinicians' labels: where a split can happen. */
  units: number;
  /** Of those, units with at least one Satisfied and one Not satisfied. */
  splits: number;
  /** splits / units. */
  rate: number;
}

/**
 * Every criterion's split rate over the units at least two clinicians labeled, most
 * often split first (then the most units, then the criterion id); criteria with no
 * such unit are left out. A criterion clinicians split on again and again is likely
 * ambiguous, whatever the responses.
 */
export function criterionSplitRates(table: UnitTable): CriterionSplitRate[] {
  const units = new Map<number, number>();
  const splits = new Map<number, number>();
  for (let u = 0; u < table.count; u++) {
    let labeled = 0;
    let yes = false;
    let no = false;
    for (const labels of table.labels) {
      const code = labels[u];
      if (code === MISSING) continue;
      labeled++;
      if (code === ONE) yes = true;
      else if (code === ZERO) no = true;
    }
    if (labeled < 2) continue;
    const c = table.criterion[u];
    units.set(c, (units.get(c) ?? 0) + 1);
    if (yes && no) splits.set(c, (splits.get(c) ?? 0) + 1);
  }
  return [...units]
    .map(([c, n]) => ({ criterion: table.criteria[c], units: n, splits: splits.get(c) ?? 0, rate: (splits.get(c) ?? 0) / n }))
    .sort((a, b) => b.rate - a.rate || b.units - a.units || (a.criterion < b.criterion ? -1 : a.criterion > b.criterion ? 1 : 0));
}
