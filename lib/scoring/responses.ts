import { DIMENSIONS } from "../bundle/schema";
import { MISSING } from "../stats/majority";
import type { ScoringLayout } from "./layout";

const D = DIMENSIONS.length;

/**
 * Per response and dimension, the weighted sums over its judged units: `satisfied`
 * Σ wᵢℓᵢ and `judged` Σ wᵢ, at index r·7 + d. Weights are integers, so "every judged
 * unit satisfied" is exactly satisfied = judged. Every per-response figure of
 * METRICS.md (S, all-met, subscores, the identification–action flags, S without a
 * dimension) follows from these sums without a recount.
 */
export interface DimensionSums {
  satisfied: Float64Array;
  judged: Float64Array;
}

export function dimensionSums(layout: ScoringLayout, verdicts: Uint8Array): DimensionSums {
  const satisfied = new Float64Array(layout.responseCount * D);
  const judged = new Float64Array(layout.responseCount * D);
  for (let r = 0; r < layout.responseCount; r++) {
    const first = layout.criterionStart[layout.responseItem[r]];
    const base = layout.unitStart[r];
    const end = layout.unitStart[r + 1];
    for (let u = base; u < end; u++) {
      const code = verdicts[u];
      if (code === MISSING) continue;
      const c = first + u - base;
      const at = r * D + layout.criterionDimension[c];
      const w = layout.criterionWeight[c];
      judged[at] += w;
      if (code === 1) satisfied[at] += w;
    }
  }
  return { satisfied, judged };
}

/**
 * S(r) per response, NaN where null (unscored). An empty response is 0. `without`:
 * a dimension index whose units are dropped (the ablation), or −1.
 */
export function responseScores(layout: ScoringLayout, sums: DimensionSums, without = -1): Float64Array {
  const out = new Float64Array(layout.responseCount);
  for (let r = 0; r < layout.responseCount; r++) {
    if (layout.responseEmpty[r]) continue;
    let satisfied = 0;
    let judged = 0;
    for (let d = 0; d < D; d++) {
      if (d === without) continue;
      satisfied += sums.satisfied[r * D + d];
      judged += sums.judged[r * D + d];
    }
    out[r] = judged === 0 ? NaN : satisfied / judged;
  }
  return out;
}

/** all-met(r): 1 when every judged unit is satisfied, else 0; NaN when unscored; 0 when empty. */
export function responseAllMet(layout: ScoringLayout, sums: DimensionSums): Float64Array {
  const out = new Float64Array(layout.responseCount);
  for (let r = 0; r < layout.responseCount; r++) {
    if (layout.responseEmpty[r]) continue;
    let satisfied = 0;
    let judged = 0;
    for (let d = 0; d < D; d++) {
      satisfied += sums.satisfied[r * D + d];
      judged += sums.judged[r * D + d];
    }
    out[r] = judged === 0 ? NaN : satisfied === judged ? 1 : 0;
  }
  return out;
}

/** subscore_d(r): NaN without a judged unit of d; 0 for an empty response whose item's rubric has d. */
export function responseSubscores(layout: ScoringLayout, sums: DimensionSums, d: number): Float64Array {
  const out = new Float64Array(layout.responseCount);
  for (let r = 0; r < layout.responseCount; r++) {
    if (layout.responseEmpty[r]) {
      out[r] = layout.itemDimensions[layout.responseItem[r]] & (1 << d) ? 0 : NaN;
      continue;
    }
    const judged = sums.judged[r * D + d];
    out[r] = judged === 0 ? NaN : sums.satisfied[r * D + d] / judged;
  }
  return out;
}
