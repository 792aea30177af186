import "server-only";
import { and, eq, max } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { referenceVersions } from "@/db/schema";
import { Invalid } from "@/lib/server/errors";

export function latestReferenceVersionNumber(tx: Tx, itemId: string): number | null {
  const row = tx
    .select({ version: max(referenceVersions.version) })
    .from(referenceVersions)
    .where(and(eq(referenceVersions.itemId, itemId), eq(referenceVersions.status, "published")))
    .get();
  return row?.version ?? null;
}

export function checkReferenceBase(tx: Tx, itemId: string, baseVersion: number | null): void {
  if (baseVersion === null) return;
  const found = tx
    .select({ id: referenceVersions.id })
    .from(referenceVersions)
    .where(and(eq(referenceVersions.itemId, itemId), eq(referenceVersions.status, "published"), eq(referenceVersions.version, baseVersion)))
    .get();
  if (!found) throw new Invalid(`The reference of this item has no published version ${baseVersion} to start from.`);
}

/** Creates or replaces the author's draft of the item's reference; returns its row id. */
export function writeReferenceDraft(
  tx: Tx,
  draft: { itemId: string; author: string; baseVersion: number | null; text: string; existingRowId: number | null },
  now = new Date(),
): number {
  const version = (latestReferenceVersionNumber(tx, draft.itemId) ?? 0) + 1;
  if (draft.existingRowId !== null) {
    tx.update(referenceVersions).set({ version, baseVersion: draft.baseVersion, text: draft.text }).where(eq(referenceVersions.id, draft.existingRowId)).run();
    return draft.existingRowId;
  }
  return tx
    .insert(referenceVersions)
    .values({ itemId: draft.itemId, version, status: "draft", author: draft.author, baseVersion: draft.baseVersion, text: draft.text, createdAt: now })
    .returning({ id: referenceVersions.id })
    .get().id;
}
