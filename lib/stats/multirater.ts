/**
 * The terms every multi-rater agreement coefficient is built from, for any number of
 * categories, following Gwet's handbook (and irrCAC) for ratings with gaps:
 * - `counts[i][k]` is how many raters put unit i in category k; units with no
 *   rating are ignored;
 * - P̄ (`observed`) is the mean over units rated at least twice of
 *   Σ_k r_ik(r_ik−1)/(r_i(r_i−1)) — Fleiss' percent agreement;
 * - π_k (`shares`) is the mean over rated units of r_ik/r_i; with every unit rated by
 *   the same raters this is simply the share of all ratings in category k.
 * `observed` is null when no unit is rated twice.
 */
export interface RatingTerms {
  /** Units rated at least twice. */
  units: number;
  /** Units rated at least once (the n of π_k). */
  rated: number;
  observed: number | null;
  shares: number[];
}

export function ratingTerms(counts: readonly (readonly number[])[], categories?: number): RatingTerms {
  const q = categories ?? (counts[0]?.length ?? 0);
  const flat = new Float64Array(counts.length * q);
  counts.forEach((row, i) => {
    for (let k = 0; k < q; k++) flat[i * q + k] = row[k];
  });
  return ratingTermsFlat(flat, q);
}

/**
 * `ratingTerms` over a flat count table (`counts[i·q + k]`), for the hot loops; `rows`
 * limits it to those units (all units when absent).
 */
export function ratingTermsFlat(counts: ArrayLike<number>, q: number, rows?: ArrayLike<number>): RatingTerms {
  const shares = new Array<number>(q).fill(0);
  const total = rows ? rows.length : Math.floor(counts.length / Math.max(q, 1));
  let rated = 0;
  let ratedTwice = 0;
  let observedSum = 0;
  for (let j = 0; j < total; j++) {
    const base = (rows ? rows[j] : j) * q;
    let r = 0;
    for (let k = 0; k < q; k++) r += counts[base + k];
    if (r === 0) continue;
    rated++;
    for (let k = 0; k < q; k++) shares[k] += counts[base + k] / r;
    if (r < 2) continue;
    ratedTwice++;
    let pairs = 0;
    for (let k = 0; k < q; k++) pairs += counts[base + k] * (counts[base + k] - 1);
    observedSum += pairs / (r * (r - 1));
  }
  for (let k = 0; k < q; k++) shares[k] = rated === 0 ? 0 : shares[k] / rated;
  return { units: ratedTwice, rated, observed: ratedTwice === 0 ? null : observedSum / ratedTwice, shares };
}
