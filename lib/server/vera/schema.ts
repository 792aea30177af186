import { z } from "zod";

const Id = z.coerce.number().int().min(1);
/** An uploaded file: its name (for messages) and its text. */
const UploadedFile = z.object({ name: z.string().trim().min(1).max(300), text: z.string().max(20_000_000) });
const Optional = z
  .string()
  .trim()
  .max(200)
  .nullish()
  .transform((v) => (v ? v : null));

export const ImportFlowRubricInput = z.object({ name: z.string().trim().min(1).max(120), file: UploadedFile });
export const ImportConversationsInput = z.object({
  files: z.array(UploadedFile).min(1).max(5_000),
  /** The evaluated model of every file, when their names do not say it (VERA-MH's never do). */
  providerModel: Optional,
  riskLevel: Optional,
});
export const ImportRatingsInput = z.object({ studyId: Id, file: UploadedFile });
export const ImportJudgeResultsInput = z.object({ file: UploadedFile });
/** VERA-MH's personas.tsv and the persona prompt template, under a name. */
export const ImportPersonasInput = z.object({ name: z.string().trim().min(1).max(120), personas: UploadedFile, template: UploadedFile });
export const DiffInput = z.object({ fromId: Id, toId: Id });

export const CreateStudyInput = z.object({
  name: z.string().trim().min(1).max(200),
  rubricId: Id,
  mode: z.enum(["direct", "guided"]),
  conversationIds: z.array(z.string().min(1)).min(1),
  clinicianIds: z.array(z.string().min(1)).min(1),
  perConversation: z.coerce.number().int().min(1).max(20).default(3),
  seed: z.coerce.number().int().min(0).max(2 ** 31 - 1).default(20260714),
});

export const StudyInput = z.object({ studyId: Id });
/** A conversation's place in the clinician's own queue, from 1: clinicians never see its id. */
export const RatingViewInput = z.object({ studyId: Id, number: Id });
export const SaveRatingInput = z.object({ studyId: Id, number: Id, dimension: z.number().int().min(0), category: z.number().int().min(0).max(3) });
export const SaveAnswerInput = z.object({ studyId: Id, number: Id, questionId: z.string().min(1).max(200), answer: z.string().trim().min(1).max(500) });
