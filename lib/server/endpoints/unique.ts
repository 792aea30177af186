import "server-only";
import { and, eq, ne } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { endpoints } from "@/db/schema";
import { Conflict } from "@/lib/server/errors";

/** Endpoint names are unique: runs and frozen records name endpoints by them. */
export function refuseNameClash(tx: Tx, name: string, exceptId: number | null): void {
  const clash = tx
    .select({ id: endpoints.id })
    .from(endpoints)
    .where(exceptId === null ? eq(endpoints.name, name) : and(eq(endpoints.name, name), ne(endpoints.id, exceptId)))
    .get();
  if (clash) throw new Conflict(`An endpoint named "${name}" already exists; choose another name.`);
}
