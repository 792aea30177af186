import type { RatingTerms } from "./multirater";
import { tableMargins } from "./cohen";
import { confusionTotal, type Confusion } from "./confusion";

/**
 * Gwet's AC1 for two raters on binary verdicts: (p_o − Pe)/(1 − Pe) with
 * Pe = 2π(1−π), π the mean of both raters' shares of 1. Pe ≤ ½, so only an empty
 * table leaves it undefined (null).
 */
export function gwetAc1(c: Confusion): number | null {
  const n = confusionTotal(c);
  if (n === 0) return null;
  const po = (c.n11 + c.n00) / n;
  const pi = ((c.n11 + c.n10) / n + (c.n11 + c.n01) / n) / 2;
  const pe = 2 * pi * (1 - pi);
  return (po - pe) / (1 - pe);
}

/**
 * Gwet's AC1 for many raters: (P̄ − Pe)/(1 − Pe), Pe = Σ_k π_k(1−π_k)/(q−1) with q
 * categories (2π(1−π) for binary verdicts). Null without units.
 */
export function gwetAc1Multi({ observed, shares }: RatingTerms): number | null {
  if (observed === null) return null;
  const q = shares.length;
  let chance = 0;
  for (const p of shares) chance += p * (1 - p);
  chance = q > 1 ? chance / (q - 1) : 1;
  return chance === 1 ? null : (observed - chance) / (1 - chance);
}

/**
 * Gwet's AC1 of two raters from a q×q confusion table (as `cohenKappaTable`):
 * (p_o − Pe)/(1 − Pe), Pe = Σ_k π_k(1−π_k)/(q−1) with π_k = (p_kᴬ + p_kᴮ)/2 and q the
 * scale's categories, observed or not. Null on an empty table.
 */
export function gwetAc1Table(table: ArrayLike<number>, q: number): number | null {
  const { observed, rowShares, columnShares } = tableMargins(table, q);
  if (observed === null) return null;
  let chance = 0;
  for (let k = 0; k < q; k++) {
    const pi = (rowShares[k] + columnShares[k]) / 2;
    chance += pi * (1 - pi);
  }
  chance = q > 1 ? chance / (q - 1) : 1;
  return chance === 1 ? null : (observed - chance) / (1 - chance);
}
