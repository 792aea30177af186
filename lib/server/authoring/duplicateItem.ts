import "server-only";
import { getDb } from "@/db/client";
import type { Ctx } from "@/lib/server/context";
import { requireRole } from "@/lib/server/guard";
import { insertItem, requireItem } from "./items";
import { DuplicateItemInput } from "./schema";

/**
 * Copies an item's metadata, user turns and notes under a new id (authors), to write a
 * variant of it. Its rubric and reference stay with the original: criteria belong to
 * one item, so the copy starts without them.
 */
export async function duplicateItem({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<{ itemId: string }> {
  const author = requireRole(ctx, "author");
  const { itemId, newId } = DuplicateItemInput.parse(input);
  getDb().transaction(
    (tx) => {
      // The copy gets its own creation time: insertItem sets both timestamps.
      insertItem(tx, { ...requireItem(tx, itemId), id: newId }, author.id, "item.duplicate", { from: itemId });
    },
    { behavior: "immediate" },
  );
  return { itemId: newId };
}
