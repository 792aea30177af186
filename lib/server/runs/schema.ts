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
    /** Also grade each item's published reference as the last assistant turn (docs/scoring.md#the-reference-ceiling). */
    reference: z.boolean().default(false),
    /** The model whose run-1 responses give a multi-turn item's earlier assistant turns; default the first graded model by id. */
    referenceFrom: Id.optional(),
  }),
  /** Judges on every conversation of a flow study, question by question (docs/flow.md). */
  z.object({ kind: z.literal("flow_judge"), studyId: z.coerce.number().int().min(1), judges: ids("judge") }),
  /** A user model role-plays personas against target models (docs/flow.md, "Persona simulation"). */
  z.object({
    kind: z.literal("simulate"),
    personaSetId: z.coerce.number().int().min(1),
    /** The target model (Models page) that plays the user. */
    userModel: Id,
    models: ids("model"),
    /** Persona names; default: every persona of the set. */
    personas: z.array(z.string().trim().min(1).max(200)).max(1000).optional(),
    /** At most this many chatbot turns a conversation. */
    turns: z.coerce.number().int("must be a whole number").min(1, "must be at least 1").max(50, "must be at most 50").default(30),
    runs: z.coerce.number().int("must be a whole number").min(1, "must be at least 1").max(10, "must be at most 10").default(2),
  }),
]);
export type RunRequest = z.infer<typeof RunRequest>;

export const RunIdInput = z.object({ runId: z.coerce.number().int().min(1) });

export const RunAction = RunIdInput.extend({ action: z.enum(["pause", "resume", "cancel"], { error: "must be pause, resume or cancel" }) });
