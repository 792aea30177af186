import "server-only";
import { getDb } from "@/db/client";
import { audit } from "@/lib/server/audit";
import type { Ctx } from "@/lib/server/context";
import { requireRole } from "@/lib/server/guard";
import { importInto } from "./importInto";
import { BundleSource, readBundle } from "./readBundle";
import type { ImportResult } from "./writeBundle";

/**
 * Imports a JSON Lines bundle all or nothing. The lines are read and checked one by
 * one first (a file as a stream); then, in one transaction, any problem — in a line,
 * across lines, or against what is stored — throws Invalid listing the first 200 as
 * `line N: field: reason` with a count of the rest, and nothing is written. The
 * server runs it in a worker process (importInWorker).
 */
export async function importBundle({ ctx, input }: { ctx: Ctx; input: BundleSource }): Promise<ImportResult> {
  const lead = requireRole(ctx, "lead");
  const reader = await readBundle(BundleSource.parse(input));
  return getDb().transaction(
    (tx) => {
      const result = importInto(tx, reader, lead.id);
      audit(tx, { actor: lead.id, action: "bundle.import", entity: "bundle", detail: result });
      return result;
    },
    { behavior: "immediate" },
  );
}
