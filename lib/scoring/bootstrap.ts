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
 */
export function bootstrapIntervals(series: readonly Series[], items: number, options: { resamples: number; seed: number }): Interval[] {
  const random = mulberry32(options.seed);
  const weights = new Int32Array(items);
  const drawn = new Int32Array(items);
  const drawnWeight = new Float64Array(items);
  const resampled = series.map(() => new Float64Array(options.resamples));
  const used = new Int32Array(series.length);
  for (let r = 0; r < options.resamples && items > 0; r++) {
    weights.fill(0);
    for (let i = 0; i < items; i++) weights[Math.floor(random() * items)]++;
    let distinct = 0;
    for (let t = 0; t < items; t++) {
      if (weights[t] === 0) continue;
      drawn[distinct] = t;
      drawnWeight[distinct++] = weights[t];
    }
    for (let s = 0; s < series.length; s++) {
      const { values, present } = series[s];
      let sum = 0;
      let n = 0;
      for (let k = 0; k < distinct; k++) {
        const t = drawn[k];
        if (present[t] === 0) continue;
        sum += drawnWeight[k] * values[t];
        n += drawnWeight[k];
      }
      if (n > 0) resampled[s][used[s]++] = sum / n;
    }
  }
  return resampled.map((values, s) => {
    const sorted = values.subarray(0, used[s]).sort();
    const low = percentileSorted(sorted, 0.025);
    const high = percentileSorted(sorted, 0.975);
    return low === null || high === null ? null : [low, high];
  });
}
