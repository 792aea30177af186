import { confusionTotal, type Confusion } from "./confusion";

/**
 * Cohen's κ = (p_o − p_e)/(1 − p_e) with p_e = p₁ᴬp₁ᴮ + p₀ᴬp₀ᴮ for binary verdicts.
 * Null when there are no units or p_e = 1 (both raters constant and equal).
 */
export function cohenKappa(c: Confusion): number | null {
  const n = confusionTotal(c);
  if (n === 0) return null;
  const po = (c.n11 + c.n00) / n;
  const a1 = (c.n11 + c.n10) / n;
  const b1 = (c.n11 + c.n01) / n;
  const pe = a1 * b1 + (1 - a1) * (1 - b1);
  if (pe === 1) return null;
  return (po - pe) / (1 - pe);
}

/**
 * Cohen's κ for any number of categories, from two equal-length label arrays
 * (categories compared with ===). Null when undefined.
 */
export function cohenKappaLabels<T>(a: readonly T[], b: readonly T[]): number | null {
  if (a.length !== b.length) throw new Error("cohenKappaLabels: arrays differ in length");
  const n = a.length;
  if (n === 0) return null;
  const countA = new Map<T, number>();
  const countB = new Map<T, number>();
  let agree = 0;
  for (let i = 0; i < n; i++) {
    if (a[i] === b[i]) agree++;
    countA.set(a[i], (countA.get(a[i]) ?? 0) + 1);
    countB.set(b[i], (countB.get(b[i]) ?? 0) + 1);
  }
  let pe = 0;
  for (const [category, ca] of countA) pe += (ca / n) * ((countB.get(category) ?? 0) / n);
  if (pe === 1) return null;
  return (agree / n - pe) / (1 - pe);
}
