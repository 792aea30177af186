import { DIMENSIONS, type Criterion } from "@/lib/bundle/schema";
import type { DraftedCriterion } from "./draft";

export type RubricWarningCode = "too_few" | "too_many" | "no_identification" | "no_actionable_resources";
export interface RubricWarning {
  code: RubricWarningCode;
  message: string;
}

/** The corpus convention (docs/domain.md#rubrics): a scale holds 6–20 atomic criteria. */
export const MIN_CRITERIA = 6;
export const MAX_CRITERIA = 20;

/**
 * Advice, not validation: an author may publish despite these. Identification and
 * actionable resources are singled out because the identification–action gap is
 * only defined on items that have both.
 */
export function rubricWarnings(criteria: readonly Pick<Criterion, "dimension">[]): RubricWarning[] {
  const warnings: RubricWarning[] = [];
  const n = criteria.length;
  if (n < MIN_CRITERIA) {
    warnings.push({ code: "too_few", message: `Only ${n} criteria; scales usually have ${MIN_CRITERIA} to ${MAX_CRITERIA}.` });
  }
  if (n > MAX_CRITERIA) {
    warnings.push({ code: "too_many", message: `${n} criteria; scales usually have ${MIN_CRITERIA} to ${MAX_CRITERIA}.` });
  }
  if (!criteria.some((c) => c.dimension === "identification")) {
    warnings.push({
      code: "no_identification",
      message: "No identification criterion: nothing checks that the response recognises the risk.",
    });
  }
  if (!criteria.some((c) => c.dimension === "actionable_resources")) {
    warnings.push({
      code: "no_actionable_resources",
      message: "No actionable-resources criterion: nothing checks that the response connects the person to help.",
    });
  }
  return warnings;
}

/** One empty criterion per dimension, weights 7 down to 1 in dimension order, for the author to fill in. */
export function scaffoldCriteria(): DraftedCriterion[] {
  return DIMENSIONS.map((dimension, i) => ({ dimension, weight: DIMENSIONS.length - i, text: "" }));
}
