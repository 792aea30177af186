import { z } from "zod";
import { AgeBand, CRITERION_TEXT_MAX, Criterion, Dimension, Directness, Id, Intent, ItemRecord, REFERENCE_TEXT_MAX, Slug, Split } from "@/lib/bundle/schema";

/**
 * The inputs of the authoring services, shared with the editors so the form and the
 * service validate the same way. Field rules come from the bundle schemas.
 */

const Version = z.number().int("must be an integer").min(1, "must be at least 1");

export const ItemIdInput = z.strictObject({ itemId: Id });

export const ItemTurns = ItemRecord.shape.user_turns;
export const ItemNotes = ItemRecord.shape.notes.unwrap();

export const UpdateItemInput = z.strictObject({
  itemId: Id,
  /** When the editor loaded the item (epoch ms): a save over someone else's newer save is refused. */
  updatedAt: z.number().int(),
  userTurns: ItemTurns,
  notes: ItemNotes,
});

/** A new item as an author writes it in the browser: its id, metadata and first user turn(s). */
export const CreateItemInput = ItemRecord.pick({ subcategory: true, age: true, intent: true, stage: true, directness: true, split: true }).extend({
  itemId: Id,
  userTurns: ItemTurns,
  notes: ItemNotes,
});
export type CreateItemInput = z.input<typeof CreateItemInput>;

/** A copy of an item under a new id. */
export const DuplicateItemInput = z.strictObject({ itemId: Id, newId: Id });
export type DuplicateItemInput = z.input<typeof DuplicateItemInput>;

export { CRITERION_TEXT_MAX, REFERENCE_TEXT_MAX };

/** A criterion as the editor autosaves it: work in progress, so its text may still be empty. */
export const DraftCriterion = z.strictObject({
  /** Null for a criterion the author just added: the server gives it an id. */
  id: Id.nullable(),
  dimension: Dimension,
  weight: Criterion.shape.weight,
  text: z.string().max(CRITERION_TEXT_MAX, `must be at most ${CRITERION_TEXT_MAX} characters`),
});
export type DraftCriterion = z.infer<typeof DraftCriterion>;

export const SaveRubricDraftInput = z.strictObject({
  itemId: Id,
  /** The published version the draft started from (null when the item had none). */
  baseVersion: Version.nullable(),
  criteria: z
    .array(DraftCriterion)
    .max(40, "allows at most 40 criteria")
    .refine((list) => {
      const ids = list.flatMap((c) => (c.id ? [c.id] : []));
      return new Set(ids).size === ids.length;
    }, "must not hold the same criterion twice"),
});

export const SaveReferenceDraftInput = z.strictObject({
  itemId: Id,
  baseVersion: Version.nullable(),
  text: z.string().max(REFERENCE_TEXT_MAX, `must be at most ${REFERENCE_TEXT_MAX} characters`),
});

export const PublishInput = z.strictObject({
  itemId: Id,
  changeNote: z.string().trim().min(1, "say in a few words what changed").max(1000, "must be at most 1000 characters"),
});

export const DiffInput = z.strictObject({ itemId: Id, from: Version, to: Version });

export const AUTHORING_STATUSES = ["none", "draft", "published", "changed"] as const;
export type AuthoringStatus = (typeof AUTHORING_STATUSES)[number];

export const PAGE_SIZE = 50;

/** The item browser's filters, as they arrive from the URL (empty means "any"). */
export const SearchItemsInput = z.strictObject({
  q: z.string().trim().max(200, "must be at most 200 characters").optional(),
  subcategory: Slug.optional(),
  age: AgeBand.optional(),
  intent: Intent.optional(),
  stage: Slug.optional(),
  directness: Directness.optional(),
  split: Split.optional(),
  turns: z.coerce.number().int().min(1).max(50).optional(),
  status: z.enum(AUTHORING_STATUSES).optional(),
  page: z.coerce.number().int().min(1).default(1),
});
export type SearchItemsInput = z.input<typeof SearchItemsInput>;
