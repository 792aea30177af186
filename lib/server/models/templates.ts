import "server-only";
import { and, eq, max } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { promptTemplates } from "@/db/schema";
import { templateHash } from "@/lib/runs/template";
import { audit } from "@/lib/server/audit";

export interface TemplateRef {
  id: number;
  name: string;
  version: number;
  sha256: string;
}

/**
 * The version of template `name` with exactly this body, written as the next version
 * when there is none. Versions are immutable (triggers), so a judge that pointed at
 * one keeps knowing exactly what it was sent.
 */
export function templateVersion(tx: Tx, actor: string, name: string, body: string): TemplateRef {
  const sha256 = templateHash(body);
  const columns = { id: promptTemplates.id, name: promptTemplates.name, version: promptTemplates.version, sha256: promptTemplates.sha256 };
  const existing = tx.select(columns).from(promptTemplates).where(and(eq(promptTemplates.name, name), eq(promptTemplates.sha256, sha256))).get();
  if (existing) return existing;
  const latest = tx.select({ version: max(promptTemplates.version) }).from(promptTemplates).where(eq(promptTemplates.name, name)).get();
  const version = (latest?.version ?? 0) + 1;
  const now = new Date();
  const written = tx.insert(promptTemplates).values({ name, version, body, sha256, createdBy: actor, createdAt: now }).returning(columns).get();
  audit(tx, { actor, action: "prompt_template.create", entity: "prompt_template", entityId: written.id, detail: { name, version, sha256 } }, now);
  return written;
}
