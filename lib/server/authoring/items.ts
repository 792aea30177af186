import "server-only";
import { eq } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { items } from "@/db/schema";
import { NotFound } from "@/lib/server/errors";

export type ItemRow = typeof items.$inferSelect;

export function requireItem(db: Db | Tx, itemId: string): ItemRow {
  const item = db.select().from(items).where(eq(items.id, itemId)).get();
  if (!item) throw new NotFound(`There is no item "${itemId}".`);
  return item;
}
