/**
 * Percentile p (0..1) of ascending-sorted values by linear interpolation at position
 * p·(m−1). Null for an empty list.
 */
export function percentileSorted(sorted: ArrayLike<number>, p: number): number | null {
  const m = sorted.length;
  if (m === 0) return null;
  const position = p * (m - 1);
  const lower = Math.floor(position);
  const upper = Math.min(lower + 1, m - 1);
  const fraction = position - lower;
  return sorted[lower] + (sorted[upper] - sorted[lower]) * fraction;
}
