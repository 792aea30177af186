import { byCodeUnit } from "../calibration/units";

export interface ChoiceCapability {
  highest: number | null;
  model: string | null;
  median: number | null;
  gap: number | null;
}

/** Median: the middle value, or the mean of the two middle values for an even count. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = values.slice().sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * The choice–capability gap of one dimension over the models with a dimension score:
 * the highest (ties by model id), the median, and highest − median.
 */
export function choiceCapability(scores: readonly { model: string; score: number | null }[]): ChoiceCapability {
  let best: { model: string; score: number } | null = null;
  const values: number[] = [];
  for (const { model, score } of scores) {
    if (score === null) continue;
    values.push(score);
    if (!best || score > best.score || (score === best.score && byCodeUnit(model, best.model) < 0)) best = { model, score };
  }
  const mid = median(values);
  return {
    highest: best?.score ?? null,
    model: best?.model ?? null,
    median: mid,
    gap: best === null || mid === null ? null : best.score - mid,
  };
}
