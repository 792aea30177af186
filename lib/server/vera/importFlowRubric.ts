import "server-only";
import { desc, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { veraRubrics } from "@/db/schema";
import { fileIssues } from "@/lib/flow/fileIssues";
import { formatFlowIssue } from "@/lib/flow/issues";
import { parseRubric } from "@/lib/flow/parseRubric";
import { audit } from "@/lib/server/audit";
import type { Ctx } from "@/lib/server/context";
import { Invalid } from "@/lib/server/errors";
import { requireRole } from "@/lib/server/guard";
import { ImportFlowRubricInput } from "./schema";

export interface ImportedFlowRubric {
  id: number;
  name: string;
  version: number;
  questions: number;
  dimensions: string[];
  /** False when the file equals the latest version: nothing was written. */
  created: boolean;
  warnings: string[];
}

/**
 * Imports a VERA-MH `rubric.tsv` as the next version of the flow rubric `name`
 * (docs/flow.md): refused whole with `file:line: column: reason` if it breaks a rule;
 * the same file as the latest version changes nothing. Lead only.
 */
export async function importFlowRubric({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<ImportedFlowRubric> {
  const me = requireRole(ctx, "lead");
  const { name, file } = ImportFlowRubricInput.parse(input);
  const parsed = parseRubric(file.text);
  const warnings = parsed.warnings.map((w) => `${file.name}:${formatFlowIssue(w).slice("line ".length)}`);
  if (!parsed.ok) throw new Invalid(`${file.name} is not a valid flow rubric: nothing was imported.`, fileIssues([{ file: file.name, issues: parsed.issues }]));
  const { rubric } = parsed;
  return getDb().transaction(
    (tx) => {
      const latest = tx.select().from(veraRubrics).where(eq(veraRubrics.name, name)).orderBy(desc(veraRubrics.version)).limit(1).get();
      const summary = { name, questions: rubric.questions.length, dimensions: rubric.dimensions, warnings };
      if (latest && latest.source === file.text) return { id: latest.id, version: latest.version, created: false, ...summary };
      const now = new Date();
      const version = (latest?.version ?? 0) + 1;
      const { id } = tx.insert(veraRubrics).values({ name, version, source: file.text, createdBy: me.id, createdAt: now }).returning({ id: veraRubrics.id }).get();
      audit(tx, { actor: me.id, action: "vera.rubric.import", entity: "vera_rubric", entityId: id, detail: { name, version, file: file.name } }, now);
      return { id, version, created: true, ...summary };
    },
    { behavior: "immediate" },
  );
}
