import "server-only";
import { getDb } from "@/db/client";
import type { Ctx } from "@/lib/server/context";
import { requireRole } from "@/lib/server/guard";
import { insertItem } from "./items";
import { CreateItemInput } from "./schema";

/** Creates an item from the browser (authors): its id, metadata, user turns and notes; it starts without a rubric. */
export async function createItem({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<{ itemId: string }> {
  const author = requireRole(ctx, "author");
  const { itemId, userTurns, notes, ...metadata } = CreateItemInput.parse(input);
  getDb().transaction(
    (tx) => {
      const item = { id: itemId, ...metadata, userTurns, notes: notes.trim() === "" ? null : notes };
      insertItem(tx, item, author.id, "item.create", { item });
    },
    { behavior: "immediate" },
  );
  return { itemId };
}
