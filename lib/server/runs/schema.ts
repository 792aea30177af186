import { z } from "zod";
import { Id } from "@/lib/bundle/schema";
import { SetIdParam } from "@/lib/calibration/schema";

const ids = (what: string) => z.array(Id).min(1, `choose at least one ${what}`).max(1000, `at most 1,000 ${what}s`);

/** What a run is asked to do; the form, the estimate, the start and the CLI share it. */
export const RunRequest = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("judge"), setId: SetIdParam, judges: ids("judge") }),
  z.object({
    kind: z.literal("respond"),
    /** Default: every item with a published rubric. */
    items: z.array(Id).max(100_000).optional(),
    models: ids("model"),
    runs: z.coerce.number().int("must be a whole number").min(1, "must be at least 1").max(10, "must be at most 10").default(3),
  }),
  z.object({
    kind: z.literal("grade"),
    freezeId: z.coerce.number().int().min(1),
    /** Default: every item with a published rubric. */
    items: z.array(Id).max(100_000).optional(),
    /** Default: every model with responses to those items. */
    models: z.array(Id).max(1000).optional(),
  }),
]);
export type RunRequest = z.infer<typeof RunRequest>;

export const RunIdInput = z.object({ runId: z.coerce.number().int().min(1) });

export const RunAction = RunIdInput.extend({ action: z.enum(["pause", "resume", "cancel"], { error: "must be pause, resume or cancel" }) });
