import { DIMENSIONS } from "../bundle/schema";
import { panelConfusion } from "./figures";
import type { PanelTallies } from "./panels";
import { compareRank, rankKey, type RankKey } from "./ranking";

export interface AblationEntry {
  top: string[] | null;
  top_kappa: number | null;
  rank_of_overall_top: number | null;
}

/**
 * Dimension ablation (docs/metrics.md#dimension-ablation): for each dimension, drop its units, re-rank every
 * panel and report the new top panel and where the overall top panel now falls.
 * Uses the per-dimension tallies, so nothing is recounted.
 */
export function ablation(
  tallies: PanelTallies,
  judgeIds: readonly string[],
  dimensions: readonly number[],
  overallTop: number | null,
): Record<string, AblationEntry> {
  const result: Record<string, AblationEntry> = {};
  const keys = tallies.panels.map((panel) => panel.map((j) => judgeIds[j]).join(","));
  for (const dropped of dimensions) {
    const kept = dimensions.filter((d) => d !== dropped);
    const ranked: RankKey[] = tallies.panels.map((_, p) => rankKey(panelConfusion(tallies.tallies, p, kept).confusion, keys[p]));
    let best = -1;
    for (let p = 0; p < ranked.length; p++) if (best < 0 || compareRank(ranked[p], ranked[best]) < 0) best = p;
    let rank: number | null = null;
    if (overallTop !== null) {
      rank = 1;
      for (let p = 0; p < ranked.length; p++) if (p !== overallTop && compareRank(ranked[p], ranked[overallTop]) < 0) rank++;
    }
    result[DIMENSIONS[dropped]] = {
      top: best < 0 ? null : tallies.panels[best].map((j) => judgeIds[j]),
      top_kappa: best < 0 ? null : ranked[best].kappa,
      rank_of_overall_top: rank,
    };
  }
  return result;
}
