import { CATEGORY_COUNT } from "./categories";
import type { ClinicianRatings } from "./clinicianRatings";
import { flowAgreement, type FlowAgreement } from "./agreement";
import { modelScores, type ModelScores } from "./vera";

export interface RatingsReport {
  agreement: FlowAgreement;
  models: Record<string, ModelScores>;
}

/**
 * `vera ratings`: the clinicians' agreement, and per provider model its VERA score and
 * rating matrix pooled over every clinician's ratings of its conversations.
 */
export function ratingsReport({ set, model, models }: ClinicianRatings): RatingsReport {
  const d = set.dimensions.length;
  const counts = new Int32Array(models.length * d * CATEGORY_COUNT);
  for (let i = 0; i < set.unit.length; i++) {
    if (model[i] < 0) continue;
    counts[(model[i] * d + (set.unit[i] % d)) * CATEGORY_COUNT + set.category[i]]++;
  }
  const byModel: Record<string, ModelScores> = {};
  models.forEach((name, m) => {
    byModel[name] = modelScores(counts.subarray(m * d * CATEGORY_COUNT, (m + 1) * d * CATEGORY_COUNT), set.dimensions);
  });
  return { agreement: flowAgreement(set), models: byModel };
}
