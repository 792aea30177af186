import { z } from "zod";
import { Criterion, DIMENSIONS, Dimension } from "@/lib/bundle/schema";

/** A criterion as drafted (by a model or from the scaffold): no id yet — the store assigns it. */
export const DraftedCriterion = Criterion.pick({ dimension: true, weight: true, text: true }).extend({
  text: z.string().trim().min(1, "must not be empty").max(600, "must be at most 600 characters"),
});
export type DraftedCriterion = z.infer<typeof DraftedCriterion>;

const DRAFT_SIZE = DIMENSIONS.length;

/**
 * The reference drafting protocol: exactly seven criteria, one per dimension, weights a
 * permutation of 1..7. Extra keys a model adds (rationales, ids) are dropped.
 */
export const DraftedRubric = z
  .object({ criteria: z.array(z.object(DraftedCriterion.shape)) })
  .superRefine(({ criteria }, ctx) => {
    if (criteria.length !== DRAFT_SIZE) {
      ctx.addIssue({
        code: "custom",
        path: ["criteria"],
        message: `must hold exactly ${DRAFT_SIZE} criteria, one per dimension (got ${criteria.length})`,
      });
      return;
    }
    const seen = criteria.map((c) => c.dimension);
    const repeated = DIMENSIONS.filter((d) => seen.filter((s) => s === d).length > 1);
    const missing = DIMENSIONS.filter((d) => !seen.includes(d));
    if (repeated.length > 0 || missing.length > 0) {
      ctx.addIssue({
        code: "custom",
        path: ["criteria"],
        message: `must use each dimension exactly once (repeated: ${list(repeated)}; missing: ${list(missing)})`,
      });
    }
    const weights = criteria.map((c) => c.weight).sort((x, y) => x - y);
    if (weights.some((w, i) => w !== i + 1)) {
      ctx.addIssue({
        code: "custom",
        path: ["criteria"],
        message: `weights must be the numbers 1 to ${DRAFT_SIZE}, each used once (got ${criteria.map((c) => c.weight).join(", ")})`,
      });
    }
  });
export type DraftedRubric = z.infer<typeof DraftedRubric>;

function list(dimensions: readonly Dimension[]): string {
  return dimensions.length > 0 ? dimensions.join(", ") : "none";
}

/** Drafted criteria in the canonical dimension order, so every draft reads the same way. */
export function inDimensionOrder(criteria: DraftedCriterion[]): DraftedCriterion[] {
  return [...criteria].sort((a, b) => DIMENSIONS.indexOf(a.dimension) - DIMENSIONS.indexOf(b.dimension));
}
