import { z } from "zod";
import { Id } from "@/lib/bundle/schema";
import { RATIONALE_MAX } from "@/lib/labeling/rules";

const SetId = z.coerce.number().int().min(1);
/** A response's place in the clinician's own queue, from 1: clinicians never see a response id. */
const QueueNumber = z.coerce.number().int().min(1);

export const QueueInput = z.object({ setId: SetId });
export type QueueInput = z.infer<typeof QueueInput>;

export const LabelingViewInput = z.object({ setId: SetId, number: QueueNumber });
export type LabelingViewInput = z.infer<typeof LabelingViewInput>;

/** One verdict (and optional rationale) on one unit, sent the moment it is given. */
export const SaveLabelInput = z.object({
  setId: z.number().int().min(1),
  number: z.number().int().min(1),
  criterionId: Id,
  verdict: z.boolean(),
  rationale: z
    .string()
    .trim()
    .max(RATIONALE_MAX, `must be at most ${RATIONALE_MAX} characters`)
    .nullish()
    .transform((text) => (text ? text : null)),
  /**
   * When the clinician gave it (their clock, epoch ms): a write older than the label's
   * stored `given_at` is ignored, one beyond the clock skew ahead of the server refused.
   */
  givenAt: z.number().int().min(0),
});
export type SaveLabelInput = z.input<typeof SaveLabelInput>;
