import "server-only";
import { desc, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { veraPersonaSets } from "@/db/schema";
import { fileIssues } from "@/lib/flow/fileIssues";
import { formatFlowIssue } from "@/lib/flow/issues";
import { parsePersonas } from "@/lib/flow/personas";
import { audit } from "@/lib/server/audit";
import type { Ctx } from "@/lib/server/context";
import { Invalid } from "@/lib/server/errors";
import { requireRole } from "@/lib/server/guard";
import { ImportPersonasInput } from "./schema";

export interface ImportedPersonas {
  id: number;
  name: string;
  version: number;
  personas: number;
  /** False when both files equal the latest version: nothing was written. */
  created: boolean;
  warnings: string[];
}

/**
 * Imports VERA-MH's `personas.tsv` with its persona prompt template as the next version
 * of the persona set `name` (docs/flow.md, "Persona simulation"), all or nothing: any
 * problem in either file refuses both, each named `file:line: column: reason`; the same
 * files as the latest version change nothing. Lead only.
 */
export async function importPersonas({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<ImportedPersonas> {
  const me = requireRole(ctx, "lead");
  const { name, personas: personasFile, template } = ImportPersonasInput.parse(input);
  const parsed = parsePersonas(personasFile.text, template.text);
  if (!parsed.ok) {
    throw new Invalid(`${personasFile.name} and ${template.name} are not valid personas and template: nothing was imported.`, fileIssues([
      { file: personasFile.name, issues: parsed.personas },
      { file: template.name, issues: parsed.template },
    ]));
  }
  const warnings = parsed.warnings.map((w) => `${w.file === "template" ? template.name : personasFile.name}:${formatFlowIssue(w.issue).slice("line ".length)}`);
  return getDb().transaction(
    (tx) => {
      const latest = tx.select().from(veraPersonaSets).where(eq(veraPersonaSets.name, name)).orderBy(desc(veraPersonaSets.version)).limit(1).get();
      const summary = { name, personas: parsed.personas.length, warnings };
      if (latest && latest.template === template.text && JSON.stringify(latest.personas) === JSON.stringify(parsed.personas)) return { id: latest.id, version: latest.version, created: false, ...summary };
      const now = new Date();
      const version = (latest?.version ?? 0) + 1;
      const { id } = tx.insert(veraPersonaSets).values({ name, version, template: template.text, personas: parsed.personas, createdBy: me.id, createdAt: now }).returning({ id: veraPersonaSets.id }).get();
      audit(tx, { actor: me.id, action: "vera.personas.import", entity: "vera_persona_set", entityId: id, detail: { name, version, personas: personasFile.name, template: template.name } }, now);
      return { id, version, created: true, ...summary };
    },
    { behavior: "immediate" },
  );
}
