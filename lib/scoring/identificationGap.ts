import { DIMENSIONS } from "../bundle/schema";
import type { ScoringLayout } from "./layout";
import type { DimensionSums } from "./responses";

const D = DIMENSIONS.length;
const IDENTIFICATION = DIMENSIONS.indexOf("identification");
const ACTION = DIMENSIONS.indexOf("actionable_resources");

export interface IdentificationGap {
  identified: number;
  not_referred: number;
  share: number | null;
}

export function gapOf(identified: number, notReferred: number): IdentificationGap {
  return { identified, not_referred: notReferred, share: identified === 0 ? null : notReferred / identified };
}

/**
 * G(m), pooled by response (METRICS.md): among m's responses that are neither empty
 * nor unscored, those with every judged identification unit satisfied (at least one)
 * and at least one judged actionable_resources unit are `identified`; those of them
 * with an actionable_resources unit not satisfied are `not_referred`. Per model.
 */
export function identificationGaps(layout: ScoringLayout, sums: DimensionSums): IdentificationGap[] {
  const identified = new Int32Array(layout.models.length);
  const notReferred = new Int32Array(layout.models.length);
  for (let r = 0; r < layout.responseCount; r++) {
    if (layout.responseEmpty[r]) continue;
    const id = r * D + IDENTIFICATION;
    const action = r * D + ACTION;
    // a judged identification unit makes the response scored
    if (sums.judged[id] === 0 || sums.satisfied[id] !== sums.judged[id] || sums.judged[action] === 0) continue;
    const m = layout.responseModel[r];
    identified[m]++;
    if (sums.satisfied[action] !== sums.judged[action]) notReferred[m]++;
  }
  return layout.models.map((_, m) => gapOf(identified[m], notReferred[m]));
}
