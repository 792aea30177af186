import "server-only";
import { getDb } from "@/db/client";
import { diffTexts, type WordSegment } from "@/lib/rubric/diff";
import type { Ctx } from "@/lib/server/context";
import { NotFound } from "@/lib/server/errors";
import { requireRole } from "@/lib/server/guard";
import { requireItem } from "./items";
import { publishedReference, type ReferenceVersionView } from "./references";
import { DiffInput } from "./schema";

export interface ReferenceDiff {
  from: ReferenceVersionView;
  to: ReferenceVersionView;
  words: WordSegment[];
}

/** The word-level diff of two published versions of an item's reference response. */
export async function getReferenceDiff({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<ReferenceDiff> {
  requireRole(ctx, "author", "lead");
  const { itemId, from, to } = DiffInput.parse(input);
  const db = getDb();
  requireItem(db, itemId);
  const a = publishedReference(db, itemId, from);
  const b = publishedReference(db, itemId, to);
  if (!a || !b) throw new NotFound(`The reference of this item has no published version ${a ? to : from}.`);
  return { from: a, to: b, words: diffTexts(a.text, b.text) };
}
