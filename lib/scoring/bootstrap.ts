import { mulberry32 } from "../stats/prng";
import { percentileSorted } from "../stats/percentile";

/** A figure over the resampled items: `values[t]` counts where `present[t]` is 1. */
export interface Series {
  values: Float64Array;
  present: Uint8Array;
}

export type Interval = [number, number] | null;

/**
 * One set of resamples for every interval of the report (METRICS.md): each resample
 * draws `items` items uniformly with replacement (mulberry32 from `seed`, as the
 * calibration bootstrap); a series' resampled figure is the mean of its values over
 * the drawn items where present, with multiplicity, and a resample where none is
 * present is skipped. `ci95` = the 2.5th and 97.5th percentiles of the rest.
 *
 * `differences` are series a − b of two `series` present on exactly the same items
 * (the caller checks): their resampled mean is the difference of the two means, so
 * they cost nothing. Per resample, each series costs one pass over the distinct drawn
 * items (its sum) and one over the items where it is absent (its count).
 * Intervals come back for `series`, then for `differences`.
 */
export function bootstrapIntervals(
  series: readonly Series[],
  differences: readonly { a: number; b: number }[],
  items: number,
  options: { resamples: number; seed: number },
): Interval[] {
  // item-major values (0 where absent), so each drawn item adds one contiguous row
  const width = series.length;
  const values = new Float64Array(items * width);
  const absent = series.map((one) => {
    const missing: number[] = [];
    for (let t = 0; t < items; t++) if (!one.present[t]) missing.push(t);
    return Int32Array.from(missing);
  });
  series.forEach((one, s) => {
    for (let t = 0; t < items; t++) if (one.present[t]) values[t * width + s] = one.values[t];
  });
  const random = mulberry32(options.seed);
  const weights = new Int32Array(items);
  const sums = new Float64Array(width);
  const means = new Float64Array(width);
  const resampled = [...series, ...differences].map(() => new Float64Array(options.resamples));
  const used = new Int32Array(resampled.length);
  for (let r = 0; r < options.resamples && items > 0; r++) {
    weights.fill(0);
    for (let i = 0; i < items; i++) weights[Math.floor(random() * items)]++;
    sums.fill(0);
    for (let t = 0; t < items; t++) {
      const w = weights[t];
      if (w === 0) continue;
      const row = t * width;
      for (let s = 0; s < width; s++) sums[s] += w * values[row + s];
    }
    for (let s = 0; s < width; s++) {
      let count = items;
      const missing = absent[s];
      for (let k = 0; k < missing.length; k++) count -= weights[missing[k]];
      means[s] = count > 0 ? sums[s] / count : NaN;
      if (count > 0) resampled[s][used[s]++] = means[s];
    }
    differences.forEach(({ a, b }, k) => {
      const delta = means[a] - means[b];
      if (!Number.isNaN(delta)) resampled[width + k][used[width + k]++] = delta;
    });
  }
  return resampled.map((one, s) => {
    const sorted = one.subarray(0, used[s]).sort();
    const low = percentileSorted(sorted, 0.025);
    const high = percentileSorted(sorted, 0.975);
    return low === null || high === null ? null : [low, high];
  });
}
