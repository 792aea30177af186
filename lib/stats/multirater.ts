/**
 * Multi-rater agreement (Fleiss' κ, Gwet's AC1, Fleiss' P̄) over any number of
 * categories, following Gwet's handbook (and irrCAC) for ratings with gaps:
 * - `counts[i][k]` is how many raters put unit i in category k; units with no
 *   rating are ignored;
 * - P̄ is the mean over units rated at least twice of Σ_k r_ik(r_ik−1)/(r_i(r_i−1));
 * - π_k is the mean over rated units of r_ik/r_i (with every unit rated by the same
 *   n raters this is simply the share of all ratings in category k);
 * - Fleiss: P̄e = Σ_k π_k²;  AC1: Pe = Σ_k π_k(1−π_k)/(q−1), q = number of categories.
 * Undefined figures (no unit rated twice, a chance agreement of 1) are null.
 */
export interface MultiRaterAgreement {
  units: number;
  percentAgreement: number | null;
  fleissKappa: number | null;
  gwetAc1: number | null;
}

export function multiRaterAgreement(counts: readonly (readonly number[])[], categories?: number): MultiRaterAgreement {
  const q = categories ?? (counts[0]?.length ?? 0);
  const pi = new Array<number>(q).fill(0);
  let rated = 0;
  let ratedTwice = 0;
  let paSum = 0;
  for (const row of counts) {
    let r = 0;
    for (let k = 0; k < q; k++) r += row[k];
    if (r === 0) continue;
    rated++;
    for (let k = 0; k < q; k++) pi[k] += row[k] / r;
    if (r < 2) continue;
    ratedTwice++;
    let pairs = 0;
    for (let k = 0; k < q; k++) pairs += row[k] * (row[k] - 1);
    paSum += pairs / (r * (r - 1));
  }
  if (ratedTwice === 0) return { units: 0, percentAgreement: null, fleissKappa: null, gwetAc1: null };
  const pa = paSum / ratedTwice;
  let peFleiss = 0;
  let peGwet = 0;
  for (let k = 0; k < q; k++) {
    const p = pi[k] / rated;
    peFleiss += p * p;
    peGwet += p * (1 - p);
  }
  peGwet = q > 1 ? peGwet / (q - 1) : 1;
  return {
    units: ratedTwice,
    percentAgreement: pa,
    fleissKappa: peFleiss === 1 ? null : (pa - peFleiss) / (1 - peFleiss),
    gwetAc1: peGwet === 1 ? null : (pa - peGwet) / (1 - peGwet),
  };
}
