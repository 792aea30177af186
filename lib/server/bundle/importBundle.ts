import "server-only";
import { z } from "zod";
import { getDb } from "@/db/client";
import { audit } from "@/lib/server/audit";
import type { Ctx } from "@/lib/server/context";
import { requireRole } from "@/lib/server/guard";
import { importInto } from "./importInto";
import type { ImportResult } from "./writeBundle";

export const ImportBundleInput = z.strictObject({ text: z.string() });
export type ImportBundleInput = z.input<typeof ImportBundleInput>;

/**
 * Imports a JSON Lines bundle all or nothing. Any problem — in a line, across lines,
 * or against what is stored — throws Invalid listing every one as
 * `line N: field: reason`, and nothing is written.
 */
export async function importBundle({ ctx, input }: { ctx: Ctx; input: ImportBundleInput }): Promise<ImportResult> {
  const lead = requireRole(ctx, "lead");
  const { text } = ImportBundleInput.parse(input);
  return getDb().transaction(
    (tx) => {
      const result = importInto(tx, text, lead.id);
      audit(tx, { actor: lead.id, action: "bundle.import", entity: "bundle", detail: result });
      return result;
    },
    { behavior: "immediate" },
  );
}
