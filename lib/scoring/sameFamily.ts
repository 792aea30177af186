import type { ScoringLayout } from "./layout";
import { itemMeans, modelMean } from "./itemFirst";
import { leaderboardOrder } from "./leaderboard";
import { panelVerdicts } from "./panel";
import { dimensionSums, responseScores } from "./responses";
import { spearman } from "../stats/spearman";

export interface SameFamily {
  spearman: number | null;
  top_unchanged: boolean | null;
}

/**
 * Families are known when at least one scored model and at least one panel judge
 * have a family; otherwise no panel could lose a judge and the check is not made.
 */
export function familiesKnown(layout: ScoringLayout, families: { models: ReadonlyMap<string, string>; judges: ReadonlyMap<string, string> }): boolean {
  return layout.models.some((m) => families.models.has(m)) && layout.panel.some((j) => families.judges.has(j));
}

/**
 * Each model's score graded by its family-excluded panel: the panel without the
 * judges of the model's own family (no family = nothing in common). Null with no
 * judge left. Models sharing an excluded panel share its verdicts.
 */
export function familyExcludedScores(layout: ScoringLayout, families: { models: ReadonlyMap<string, string>; judges: ReadonlyMap<string, string> }): (number | null)[] {
  const byPanel = new Map<string, Float64Array>();
  return layout.models.map((model, m) => {
    const family = families.models.get(model);
    const judges = layout.panel.map((_, j) => j).filter((j) => family === undefined || families.judges.get(layout.panel[j]) !== family);
    if (judges.length === 0) return null;
    const key = judges.join(",");
    let f = byPanel.get(key);
    if (!f) {
      f = itemMeans(layout, responseScores(layout, dimensionSums(layout, panelVerdicts(layout, judges))));
      byPanel.set(key, f);
    }
    return modelMean(f, layout.items.length, m).mean;
  });
}

/** Spearman's ρ between score and family-excluded score (models with both), and whether the top model stays. */
export function sameFamilyCheck(models: readonly string[], scores: readonly (number | null)[], excluded: readonly (number | null)[]): SameFamily {
  const both = models.map((_, m) => m).filter((m) => scores[m] !== null && excluded[m] !== null);
  const top = leaderboardOrder(models, scores)[0];
  const topExcluded = leaderboardOrder(models, excluded)[0];
  return {
    spearman: spearman(both.map((m) => scores[m] as number), both.map((m) => excluded[m] as number)),
    top_unchanged: top === undefined || scores[top] === null || excluded[topExcluded] === null ? null : top === topExcluded,
  };
}
