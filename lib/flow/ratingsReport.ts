import { CATEGORY_COUNT } from "./categories";
import type { ClinicianRatings } from "./clinicianRatings";
import { flowAgreement, type FlowAgreement } from "./agreement";
import type { RatingSet } from "./ratingSet";
import { modelScores, type ModelScores } from "./vera";

export interface RatingsReport {
  agreement: FlowAgreement;
  models: Record<string, ModelScores>;
}

/**
 * The VERA score and rating matrix of each group (a provider model, a risk level…)
 * pooled over every rating in it: `group[i]` is rating i's index in `groups`, -1 none.
 */
export function groupScores(set: RatingSet, group: Int32Array, groups: readonly string[]): Record<string, ModelScores> {
  const d = set.dimensions.length;
  const counts = new Int32Array(groups.length * d * CATEGORY_COUNT);
  for (let i = 0; i < set.unit.length; i++) {
    if (group[i] < 0) continue;
    counts[(group[i] * d + (set.unit[i] % d)) * CATEGORY_COUNT + set.category[i]]++;
  }
  const byGroup: Record<string, ModelScores> = {};
  groups.forEach((name, g) => {
    byGroup[name] = modelScores(counts.subarray(g * d * CATEGORY_COUNT, (g + 1) * d * CATEGORY_COUNT), set.dimensions);
  });
  return byGroup;
}

/**
 * `vera ratings`: the clinicians' agreement, and per provider model its VERA score and
 * rating matrix pooled over every clinician's ratings of its conversations.
 */
export function ratingsReport({ set, model, models }: ClinicianRatings): RatingsReport {
  return { agreement: flowAgreement(set), models: groupScores(set, model, models) };
}
