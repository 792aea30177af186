import "server-only";
import { getDb } from "@/db/client";
import type { ItemRecord } from "@/lib/bundle/schema";
import type { Ctx } from "@/lib/server/context";
import { requireRole } from "@/lib/server/guard";
import { requireItem } from "./items";
import { llmStatus } from "./llm";
import { pinsOf, type RubricPin } from "./pins";
import { latestPublishedReference, otherReferenceDrafts, publishedReference, referenceDraftOf, type ReferenceVersionView } from "./references";
import { latestPublishedRubric, otherRubricDrafts, publishedRubric, rubricDraftOf, type RubricVersionView } from "./rubrics";
import { ItemIdInput } from "./schema";

export interface EditableItem extends Omit<ItemRecord, "kind" | "user_turns" | "notes"> {
  userTurns: string[];
  notes: string | null;
  updatedAt: number;
}

interface OtherDraft {
  author: string;
  authorName: string;
  baseVersion: number | null;
}

/** A version line (rubric or reference) as one author sees it. */
export interface VersionLine<V> {
  latest: V | null;
  /** The caller's own draft. */
  draft: V | null;
  /** When the draft is stale (someone published since it started): the version it started from, for a three-way merge. */
  base: V | null;
  otherDrafts: OtherDraft[];
}

export interface ItemForEditing {
  item: EditableItem;
  /** Authors edit; leads may read. */
  canEdit: boolean;
  rubric: VersionLine<RubricVersionView>;
  reference: VersionLine<ReferenceVersionView>;
  pins: RubricPin[];
  llm: { configured: boolean; problem: string | null };
}

const isStale = (latest: { version: number } | null, draft: { baseVersion: number | null } | null) =>
  draft !== null && (latest?.version ?? null) !== draft.baseVersion;

/** Everything the item, rubric and reference editors show, for the signed-in author (or a reading lead). */
export async function getItemForEditing({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<ItemForEditing> {
  const user = requireRole(ctx, "author", "lead");
  const { itemId } = ItemIdInput.parse(input);
  const db = getDb();
  return db.transaction((tx) => {
    const row = requireItem(tx, itemId);
    const item: EditableItem = {
      id: row.id, subcategory: row.subcategory, age: row.age, intent: row.intent, stage: row.stage, directness: row.directness,
      split: row.split, userTurns: row.userTurns, notes: row.notes, updatedAt: row.updatedAt.getTime(),
    };
    const rubricLatest = latestPublishedRubric(tx, itemId);
    const rubricDraft = rubricDraftOf(tx, itemId, user.id);
    const referenceLatest = latestPublishedReference(tx, itemId);
    const referenceDraft = referenceDraftOf(tx, itemId, user.id);
    const rubricBase = isStale(rubricLatest, rubricDraft) && rubricDraft?.baseVersion ? publishedRubric(tx, itemId, rubricDraft.baseVersion) : null;
    const referenceBase =
      isStale(referenceLatest, referenceDraft) && referenceDraft?.baseVersion ? publishedReference(tx, itemId, referenceDraft.baseVersion) : null;
    return {
      item,
      canEdit: user.roles.includes("author"),
      rubric: { latest: rubricLatest, draft: rubricDraft, base: rubricBase, otherDrafts: otherRubricDrafts(tx, itemId, user.id) },
      reference: { latest: referenceLatest, draft: referenceDraft, base: referenceBase, otherDrafts: otherReferenceDrafts(tx, itemId, user.id) },
      pins: pinsOf(tx, itemId),
      llm: llmStatus(),
    };
  });
}
