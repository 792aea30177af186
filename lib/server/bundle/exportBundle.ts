import "server-only";
import { getDb } from "@/db/client";
import type { Ctx } from "@/lib/server/context";
import { requireRole } from "@/lib/server/guard";
import { readDescriptors } from "./descriptions";
import { bundleText } from "./importInto";
import { readStoredBundle } from "./stored";

/**
 * Every model and judge description, item, published rubric and reference version, response, label and verdict as
 * a JSON Lines bundle, in a deterministic order: exporting, importing into an empty
 * database and exporting again gives the same text.
 */
export async function exportBundle({ ctx }: { ctx: Ctx }): Promise<string> {
  requireRole(ctx, "lead");
  const db = getDb();
  // One read transaction, so the export is a consistent snapshot.
  return db.transaction((tx) => bundleText(readStoredBundle(tx), readDescriptors(tx)), { behavior: "deferred" });
}
