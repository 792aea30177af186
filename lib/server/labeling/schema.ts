import { z } from "zod";
import { Id } from "@/lib/bundle/schema";
import { SetId, SetIdParam } from "@/lib/calibration/schema";
import { RATIONALE_MAX } from "@/lib/labeling/rules";
import { SKIP_REASONS } from "@/lib/labeling/skips";

/** A response's place in the clinician's own queue, from 1: clinicians never see a response id. */
const QueueNumber = z.coerce.number().int().min(1);

export const QueueInput = z.object({ setId: SetIdParam });
export type QueueInput = z.infer<typeof QueueInput>;

export const LabelingViewInput = z.object({ setId: SetIdParam, number: QueueNumber });
export type LabelingViewInput = z.infer<typeof LabelingViewInput>;

/** One verdict (and optional rationale) on one unit, sent the moment it is given. */
export const SaveLabelInput = z.object({
  setId: SetId,
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

export const FLAG_COMMENT_MAX = 500;

const Comment = z.string().trim().max(FLAG_COMMENT_MAX, `must be at most ${FLAG_COMMENT_MAX} characters`);

/** Skip a response of the queue (with why), or take the skip back (`skip: null`). A skip is not a label. */
export const SkipResponseInput = z.strictObject({
  setId: SetId,
  number: z.number().int().min(1),
  skip: z
    .strictObject({
      reason: z.enum(SKIP_REASONS, { error: "must be too_distressing or cannot_judge" }),
      comment: Comment.nullish().transform((text) => (text ? text : null)),
    })
    .nullable(),
});
export type SkipResponseInput = z.input<typeof SkipResponseInput>;

/** Flag a criterion of a response as ambiguous with a comment, or take the flag back (`comment: null`). */
export const FlagCriterionInput = z.strictObject({
  setId: SetId,
  number: z.number().int().min(1),
  criterionId: Id,
  comment: Comment.min(1, "say in a few words what is ambiguous").nullable(),
});
export type FlagCriterionInput = z.input<typeof FlagCriterionInput>;
