import "server-only";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { criteria } from "@/db/schema";

const MAX_ID = 128;

/**
 * Creates `count` new criterion identities for an item, named like the corpus names
 * them (`<item>.c07`), continuing after the highest number the item already uses.
 * An item id too long for that gets opaque ids instead.
 */
export function newCriterionIds(tx: Tx, itemId: string, count: number): string[] {
  if (count === 0) return [];
  const taken = new Set(tx.select({ id: criteria.id }).from(criteria).where(eq(criteria.itemId, itemId)).all().map((c) => c.id));
  const prefix = `${itemId}.c`;
  let next = 1;
  for (const id of taken) {
    const n = id.startsWith(prefix) ? Number(id.slice(prefix.length)) : NaN;
    if (Number.isInteger(n) && n >= next) next = n + 1;
  }
  const ids: string[] = [];
  while (ids.length < count) {
    const named = `${prefix}${String(next++).padStart(2, "0")}`;
    const id = named.length <= MAX_ID ? named : `c-${randomUUID()}`;
    // A criterion id is global: another item may already use this name.
    if (!tx.select({ id: criteria.id }).from(criteria).where(eq(criteria.id, id)).get()) ids.push(id);
  }
  tx.insert(criteria).values(ids.map((id) => ({ id, itemId }))).run();
  return ids;
}
