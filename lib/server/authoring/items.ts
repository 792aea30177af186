import "server-only";
import { eq } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { items } from "@/db/schema";
import { audit } from "@/lib/server/audit";
import { Conflict, NotFound } from "@/lib/server/errors";

export type ItemRow = typeof items.$inferSelect;

export function requireItem(db: Db | Tx, itemId: string): ItemRow {
  const item = db.select().from(items).where(eq(items.id, itemId)).get();
  if (!item) throw new NotFound(`There is no item "${itemId}".`);
  return item;
}

export type NewItem = Omit<ItemRow, "createdAt" | "updatedAt">;

/** Inserts an item written in the browser (created or duplicated), refusing an id already taken; audited as `action`. */
export function insertItem(tx: Tx, item: NewItem, actor: string, action: "item.create" | "item.duplicate", detail: Record<string, unknown>): void {
  if (tx.select({ id: items.id }).from(items).where(eq(items.id, item.id)).get()) {
    throw new Conflict(`An item "${item.id}" already exists: choose another id.`);
  }
  const now = new Date();
  tx.insert(items).values({ ...item, createdAt: now, updatedAt: now }).run();
  audit(tx, { actor, action, entity: "item", entityId: item.id, detail }, now);
}
