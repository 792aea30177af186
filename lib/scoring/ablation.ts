import { DIMENSIONS } from "../bundle/schema";
import type { ScoringLayout } from "./layout";
import { itemMeans, modelMeans } from "./itemFirst";
import { ranksOf } from "./leaderboard";
import { responseScores, type DimensionSums } from "./responses";

export interface AblationEntry {
  models: Record<string, { score: number | null; change: number | null; rank: number }>;
}

/**
 * Dimension ablation: for each dimension present, every model's score with the
 * dimension's units dropped (S renormalised from the per-dimension sums), its change
 * (without − with) and its rank without the dimension.
 */
export function ablation(layout: ScoringLayout, sums: DimensionSums, scores: readonly (number | null)[]): Record<string, AblationEntry> {
  const out: Record<string, AblationEntry> = {};
  for (const d of layout.dimensions) {
    const without = modelMeans(layout, itemMeans(layout, responseScores(layout, sums, d)));
    const ranks = ranksOf(layout.models, without);
    const models: AblationEntry["models"] = {};
    layout.models.forEach((model, m) => {
      const score = without[m];
      const before = scores[m];
      models[model] = { score, change: score === null || before === null ? null : score - before, rank: ranks[m] };
    });
    out[DIMENSIONS[d]] = { models };
  }
  return out;
}
