import { z } from "zod";
import { Id } from "@/lib/bundle/schema";
import { SetIdParam } from "@/lib/calibration/schema";

export const DEFAULT_SET_SIZE = 75;
export const DEFAULT_SEED = 20260714;
export const DEFAULT_RESPONSES_PER_ITEM = 4;

/** How the set's items are chosen: a seeded stratified draw, or by hand. */
export const SetDraw = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("stratified"), size: z.number().int("must be a whole number").min(1, "must be at least 1").max(10_000, "must be at most 10,000") }),
  z.object({ kind: z.literal("manual"), itemIds: z.array(Id).min(1, "pick at least one item").max(10_000) }),
]);
export type SetDraw = z.infer<typeof SetDraw>;

/** Everything that decides a calibration set; the form, the preview and the create action share it. */
export const CalibrationSetPlanInput = z.object({
  seed: z.number().int("must be a whole number").min(0, "must be 0 or more").max(0xffffffff, "must be at most 4294967295"),
  draw: SetDraw,
  responsesPerItem: z.number().int("must be a whole number").min(1, "must be at least 1").max(20, "must be at most 20"),
  clinicianIds: z.array(Id).min(2, "choose at least two clinicians: a consensus needs two labels or more").max(50),
});
export type CalibrationSetPlanInput = z.infer<typeof CalibrationSetPlanInput>;

export const CreateCalibrationSetInput = CalibrationSetPlanInput.extend({
  name: z.string().trim().min(1, "must not be empty").max(120, "must be at most 120 characters"),
});
export type CreateCalibrationSetInput = z.infer<typeof CreateCalibrationSetInput>;

export const SetIdInput = z.object({ setId: SetIdParam });
export type SetIdInput = z.infer<typeof SetIdInput>;
