import type { Confusion } from "./confusion";

/**
 * Cohen's κ = (p_o − p_e)/(1 − p_e) with p_e = p₁ᴬp₁ᴮ + p₀ᴬp₀ᴮ for binary verdicts.
 * Null when there are no units or p_e = 1 (both raters constant and equal).
 */
export function cohenKappa(c: Confusion): number | null {
  return cohenKappaCounts(c.n11, c.n10, c.n01, c.n00);
}

/** `cohenKappa` of the four counts themselves: the bootstrap calls it per resample without building a table. */
export function cohenKappaCounts(n11: number, n10: number, n01: number, n00: number): number | null {
  const n = n11 + n10 + n01 + n00;
  if (n === 0) return null;
  const a1 = (n11 + n10) / n;
  const b1 = (n11 + n01) / n;
  const pe = a1 * b1 + (1 - a1) * (1 - b1);
  if (pe === 1) return null;
  return ((n11 + n00) / n - pe) / (1 - pe);
}

/**
 * Cohen's κ from a q×q confusion table (`table[a·q + b]` counts units rater A put in
 * category a and rater B in b): p_o = Σ_k table[k·q+k]/n, p_e = Σ_k p_kᴬ p_kᴮ.
 * Null when the table is empty or p_e = 1 (both raters constant and equal).
 */
export function cohenKappaTable(table: ArrayLike<number>, q: number): number | null {
  const { observed, rowShares, columnShares } = tableMargins(table, q);
  if (observed === null) return null;
  let pe = 0;
  for (let k = 0; k < q; k++) pe += rowShares[k] * columnShares[k];
  if (pe === 1) return null;
  return (observed - pe) / (1 - pe);
}

/** Units, observed agreement and both raters' category shares of a q×q table. */
export function tableMargins(table: ArrayLike<number>, q: number) {
  const rowShares = new Float64Array(q);
  const columnShares = new Float64Array(q);
  let n = 0;
  let agree = 0;
  for (let a = 0; a < q; a++) {
    for (let b = 0; b < q; b++) {
      const count = table[a * q + b];
      n += count;
      rowShares[a] += count;
      columnShares[b] += count;
      if (a === b) agree += count;
    }
  }
  for (let k = 0; k < q && n > 0; k++) {
    rowShares[k] /= n;
    columnShares[k] /= n;
  }
  return { n, observed: n === 0 ? null : agree / n, rowShares, columnShares };
}
