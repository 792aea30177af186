import type { ScoringLayout } from "./layout";

/**
 * f(m,t): the mean of a per-response figure (NaN = null) over model m's responses to
 * item t where it is not null; NaN where none. Laid out at m·|items| + t.
 * `keep` restricts the responses (for example to one run).
 */
export function itemMeans(layout: ScoringLayout, values: Float64Array, keep?: (r: number) => boolean): Float64Array {
  const items = layout.items.length;
  const sum = new Float64Array(layout.models.length * items);
  const count = new Int32Array(layout.models.length * items);
  for (let r = 0; r < layout.responseCount; r++) {
    const value = values[r];
    if (Number.isNaN(value) || (keep && !keep(r))) continue;
    const at = layout.responseModel[r] * items + layout.responseItem[r];
    sum[at] += value;
    count[at]++;
  }
  for (let at = 0; at < sum.length; at++) sum[at] = count[at] === 0 ? NaN : sum[at] / count[at];
  return sum;
}

/**
 * F(m): the mean of f(m,t) over the items (optionally only those `inItem` accepts)
 * where f(m,t) exists, with how many items that is; null without one.
 */
export function modelMean(f: Float64Array, items: number, m: number, inItem?: (t: number) => boolean): { mean: number | null; items: number } {
  let sum = 0;
  let n = 0;
  for (let t = 0; t < items; t++) {
    const value = f[m * items + t];
    if (Number.isNaN(value) || (inItem && !inItem(t))) continue;
    sum += value;
    n++;
  }
  return { mean: n === 0 ? null : sum / n, items: n };
}

/** F(m) for every model of the layout. */
export function modelMeans(layout: ScoringLayout, f: Float64Array, inItem?: (t: number) => boolean): (number | null)[] {
  return layout.models.map((_, m) => modelMean(f, layout.items.length, m, inItem).mean);
}
