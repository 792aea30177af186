import { z } from "zod";
import type { Criterion } from "@/lib/bundle/schema";
import { completeJson } from "./complete";
import type { LlmConfig } from "./config";
import { describeItem, describeRubric, REFERENCE_SYSTEM_PROMPT, type DraftItem } from "./prompts";

/** Long enough to do what a rubric asks, short enough to stay a chat reply. */
export const ReferenceDraft = z.object({
  reference: z
    .string()
    .trim()
    .min(80, "must be a full reply of at least 80 characters")
    .max(6000, "must be at most 6000 characters"),
});

/** Drafts a reference response from the item and its current rubric; throws `LlmError` when no valid draft came. */
export async function draftReference(
  config: LlmConfig,
  input: { item: DraftItem; criteria: readonly Pick<Criterion, "dimension" | "weight" | "text">[] },
): Promise<string> {
  const draft = await completeJson(config, {
    what: "reference response",
    system: REFERENCE_SYSTEM_PROMPT,
    user: `${describeItem(input.item)}\n\n${describeRubric(input.criteria)}`,
    schema: ReferenceDraft,
  });
  return draft.reference;
}
