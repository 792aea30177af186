/**
 * A naive Cohen's κ straight from two label arrays (categories compared with ===), the
 * independent recount tests hold the table-based κ against. Null when undefined.
 */
export function kappaLabels<T>(a: readonly T[], b: readonly T[]): number | null {
  if (a.length !== b.length) throw new Error("kappaLabels: arrays differ in length");
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
