import { z } from "zod";
import { RATIONALE_MAX } from "@/lib/labeling/rules";

/** The seven rubric dimensions, in the order docs/format.md#kind-rubric lists them. */
export const DIMENSIONS = [
  "identification",
  "compassionate_engagement",
  "de_escalation",
  "actionable_resources",
  "disclaimers",
  "moralization",
  "harmless_response",
] as const;
export const Dimension = z.enum(DIMENSIONS);
export type Dimension = z.infer<typeof Dimension>;

export const Id = z
  .string()
  .min(1, "must not be empty")
  .max(128, "must be at most 128 characters")
  .regex(/^[A-Za-z0-9._:-]+$/, "may only contain letters, digits and . _ : -");

export const Slug = z
  .string()
  .regex(/^[a-z0-9]+(?:_[a-z0-9]+)*$/, "must be a lowercase slug such as passive_ideation");

export const AgeBand = z.enum(["U18", "O18"]);
export const Intent = z.enum(["borderline", "explicit"]);
export const Directness = z.enum(["implicit", "explicit"]);
export const Split = z.enum(["public", "private"]);

const NonEmptyText = z.string().trim().min(1, "must not be empty");

/** The editors' limits, which bundles share (an import never stores what the app could not edit). */
export const NOTES_MAX = 5000;
export const CRITERION_TEXT_MAX = 600;
export const REFERENCE_TEXT_MAX = 6000;
export { RATIONALE_MAX };
const atMost = (max: number) => `must be at most ${max.toLocaleString("en-US")} characters`;

export const ItemRecord = z.strictObject({
  kind: z.literal("item"),
  id: Id,
  subcategory: Slug,
  age: AgeBand,
  intent: Intent,
  stage: Slug,
  directness: Directness,
  split: Split,
  user_turns: z.array(NonEmptyText).min(1, "needs at least one turn").max(50, "allows at most 50 turns"),
  notes: z.string().max(NOTES_MAX, atMost(NOTES_MAX)).optional(),
});
export type ItemRecord = z.infer<typeof ItemRecord>;

export const Criterion = z.strictObject({
  id: Id,
  dimension: Dimension,
  weight: z.number().int("must be an integer").min(1, "must be at least 1").max(20, "must be at most 20"),
  text: NonEmptyText.max(CRITERION_TEXT_MAX, atMost(CRITERION_TEXT_MAX)),
});
export type Criterion = z.infer<typeof Criterion>;

const Version = z.number().int("must be an integer").min(1, "must be at least 1");

export const RubricRecord = z.strictObject({
  kind: z.literal("rubric"),
  item: Id,
  version: Version,
  criteria: z.array(Criterion).min(1, "needs at least one criterion").max(40, "allows at most 40 criteria"),
});
export type RubricRecord = z.infer<typeof RubricRecord>;

export const ReferenceRecord = z.strictObject({
  kind: z.literal("reference"),
  item: Id,
  version: Version,
  text: NonEmptyText.max(REFERENCE_TEXT_MAX, atMost(REFERENCE_TEXT_MAX)),
  rubric_version: Version.optional(),
});
export type ReferenceRecord = z.infer<typeof ReferenceRecord>;

export const ResponseRecord = z.strictObject({
  kind: z.literal("response"),
  id: Id,
  item: Id,
  model: Id,
  run: Version.optional(),
  assistant_turns: z.array(z.string()).min(1, "needs at least one turn"),
});
export type ResponseRecord = z.infer<typeof ResponseRecord>;

export const LabelRecord = z.strictObject({
  kind: z.literal("label"),
  rater: Id,
  response: Id,
  criterion: Id,
  verdict: z.boolean(),
  rationale: z.string().max(RATIONALE_MAX, atMost(RATIONALE_MAX)).optional(),
  /** The bundle's `set` line the label was given in (on that set's pinned rubric version); absent: the set-less view. */
  set: Id.optional(),
});
export type LabelRecord = z.infer<typeof LabelRecord>;

export const VerdictRecord = z.strictObject({
  kind: z.literal("verdict"),
  judge: Id,
  response: Id,
  criterion: Id,
  verdict: z.boolean().nullable(),
  rationale: z.string().optional(),
  /** The rubric version (of the response's item) the judge was shown; absent: the item's current version. */
  rubric_version: Version.optional(),
});
export type VerdictRecord = z.infer<typeof VerdictRecord>;

export const BundleRecord = z.discriminatedUnion("kind", [
  ItemRecord,
  RubricRecord,
  ReferenceRecord,
  ResponseRecord,
  LabelRecord,
  VerdictRecord,
]);
export type BundleRecord = z.infer<typeof BundleRecord>;
export type RecordKind = BundleRecord["kind"];
export const RECORD_KINDS: readonly RecordKind[] = ["item", "rubric", "reference", "response", "label", "verdict"];
export const DESCRIPTOR_KINDS: readonly DescriptorRecord["kind"][] = ["model", "judge"];

/** FORMAT.md v2: an optional description of a model that response lines name. */
export const ModelRecord = z.strictObject({
  kind: z.literal("model"),
  id: Id,
  family: Id.optional(),
  name: z.string().optional(),
});
export type ModelRecord = z.infer<typeof ModelRecord>;

/** FORMAT.md v2: an optional description of a judge that verdict lines name. */
export const JudgeRecord = z.strictObject({
  kind: z.literal("judge"),
  id: Id,
  family: Id.optional(),
  model: z.string().optional(),
  settings: z.record(z.string(), z.unknown()).optional(),
});
export type JudgeRecord = z.infer<typeof JudgeRecord>;

/**
 * Model and judge lines describe who produced responses and verdicts (their provider
 * families, for the same-family check); they are not part of the corpus, so they are
 * kept apart from `Bundle`, which is what an import stores.
 */
export const DescriptorRecord = z.discriminatedUnion("kind", [ModelRecord, JudgeRecord]);
export type DescriptorRecord = z.infer<typeof DescriptorRecord>;

export interface Descriptors {
  models: ModelRecord[];
  judges: JudgeRecord[];
}

export const SET_NAME_MAX = 200;

/** A calibration set (docs/format.md#calibration-sets): what its labels name in `set`. */
export const SetRecord = z.strictObject({
  kind: z.literal("set"),
  /** The set's id within the bundle; Concord writes `set-N`. */
  id: Id,
  name: NonEmptyText.max(SET_NAME_MAX, atMost(SET_NAME_MAX)),
  seed: z.number().int("must be an integer"),
  status: z.enum(["open", "closed"]).optional(),
  items: z.array(z.strictObject({ item: Id, rubric_version: Version })).min(1, "needs at least one item"),
  responses: z.array(Id).min(1, "needs at least one response"),
  clinicians: z.array(Id),
});
export type SetRecord = z.infer<typeof SetRecord>;

/** A bundle's records grouped by kind, in file order. */
export interface Bundle {
  items: ItemRecord[];
  rubrics: RubricRecord[];
  references: ReferenceRecord[];
  responses: ResponseRecord[];
  labels: LabelRecord[];
  verdicts: VerdictRecord[];
}

/** A bundle with its `set` lines (docs/format.md#calibration-sets), which a bundle without sets lacks. */
export type WithSets<B extends Bundle = Bundle> = B & { sets?: SetRecord[] };

/** Where each kind of record lives in a Bundle. */
export const KEY_OF_KIND = {
  item: "items",
  rubric: "rubrics",
  reference: "references",
  response: "responses",
  label: "labels",
  verdict: "verdicts",
} as const satisfies Record<RecordKind, keyof Bundle>;

export function emptyBundle(): Bundle {
  return { items: [], rubrics: [], references: [], responses: [], labels: [], verdicts: [] };
}
