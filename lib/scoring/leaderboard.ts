import { byCodeUnit } from "../calibration/units";

/**
 * METRICS.md leaderboard order: score descending, ties by model id (code-unit
 * order), a null score last. Returns model indices, best first.
 */
export function leaderboardOrder(models: readonly string[], scores: readonly (number | null)[]): number[] {
  return models
    .map((_, m) => m)
    .sort((a, b) => {
      const sa = scores[a];
      const sb = scores[b];
      if (sa === null || sb === null) {
        if (sa !== sb) return sa === null ? 1 : -1;
      } else if (sa !== sb) {
        return sb - sa;
      }
      return byCodeUnit(models[a], models[b]);
    });
}

/** 1-based rank of every model (by index) under that order. */
export function ranksOf(models: readonly string[], scores: readonly (number | null)[]): number[] {
  const ranks = new Array<number>(models.length);
  leaderboardOrder(models, scores).forEach((m, i) => (ranks[m] = i + 1));
  return ranks;
}

/** A gap's `ci95` excludes 0. */
export function separated(ci95: [number, number] | null): boolean {
  return ci95 !== null && (ci95[1] < 0 || ci95[0] > 0);
}

/** Bands down the leaderboard: the top model is in band 1; each separated gap starts the next. */
export function bandsOf(gapsSeparated: readonly boolean[], models: number): number[] {
  const bands: number[] = [];
  for (let i = 0; i < models; i++) bands.push(i === 0 ? 1 : bands[i - 1] + (gapsSeparated[i - 1] ? 1 : 0));
  return bands;
}
