import { DraftedRubric, inDimensionOrder, type DraftedCriterion } from "@/lib/rubric/draft";
import { completeJson } from "./complete";
import type { LlmConfig } from "./config";
import { describeItem, RUBRIC_SYSTEM_PROMPT, type DraftItem } from "./prompts";

/**
 * The reference drafting protocol: seven criteria, one per dimension, weights a
 * permutation of 1..7, drafted from the item's dialogue and clinical notes. The result
 * is a starting point the author revises; throws `LlmError` when no valid draft came.
 */
export async function draftRubricFromNotes(config: LlmConfig, input: { item: DraftItem }): Promise<DraftedCriterion[]> {
  const draft = await completeJson(config, {
    what: "rubric",
    system: RUBRIC_SYSTEM_PROMPT,
    user: describeItem(input.item),
    schema: DraftedRubric,
  });
  return inDimensionOrder(draft.criteria);
}
