import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { items } from "@/db/schema";
import { audit } from "@/lib/server/audit";
import type { Ctx } from "@/lib/server/context";
import { Conflict } from "@/lib/server/errors";
import { requireRole } from "@/lib/server/guard";
import { requireItem } from "./items";
import { pinsOf } from "./pins";
import { UpdateItemInput } from "./schema";

/**
 * Saves an item's user turns and clinical notes. Refused when someone saved the item
 * after the editor loaded it, and the dialogue of an item in a calibration set cannot
 * change: clinicians' labels refer to the dialogue they read.
 */
export async function updateItem({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<{ updatedAt: number }> {
  const author = requireRole(ctx, "author");
  const data = UpdateItemInput.parse(input);
  const notes = data.notes.trim() === "" ? null : data.notes;
  return getDb().transaction(
    (tx) => {
      const item = requireItem(tx, data.itemId);
      if (item.updatedAt.getTime() !== data.updatedAt) {
        throw new Conflict("Someone else saved this item after you opened it. Copy your changes, reload the page to see theirs, and apply yours again.");
      }
      const turnsChanged = JSON.stringify(item.userTurns) !== JSON.stringify(data.userTurns);
      const pins = pinsOf(tx, data.itemId);
      if (turnsChanged && pins.length > 0) {
        throw new Conflict(`The dialogue cannot change: the item is in the calibration set "${pins[0].setName}", and its labels refer to this dialogue. Notes can still change.`);
      }
      const now = new Date(Math.max(Date.now(), item.updatedAt.getTime() + 1));
      tx.update(items).set({ userTurns: data.userTurns, notes, updatedAt: now }).where(eq(items.id, data.itemId)).run();
      audit(tx, {
        actor: author.id, action: "item.update", entity: "item", entityId: data.itemId,
        detail: { old: { userTurns: item.userTurns, notes: item.notes }, new: { userTurns: data.userTurns, notes } },
      }, now);
      return { updatedAt: now.getTime() };
    },
    { behavior: "immediate" },
  );
}
