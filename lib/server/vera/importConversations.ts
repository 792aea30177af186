import "server-only";
import { inArray } from "drizzle-orm";
import { getDb } from "@/db/client";
import { veraConversations } from "@/db/schema";
import { fileIssues } from "@/lib/flow/fileIssues";
import type { FlowIssue } from "@/lib/flow/issues";
import { parseTranscript, type Transcript } from "@/lib/flow/transcript";
import { audit } from "@/lib/server/audit";
import type { Ctx } from "@/lib/server/context";
import { Invalid } from "@/lib/server/errors";
import { requireRole } from "@/lib/server/guard";
import { ImportConversationsInput } from "./schema";

export interface ImportedConversations {
  created: number;
  /** Files identical to a stored conversation: nothing changed. */
  unchanged: number;
  ids: string[];
}

/**
 * Imports VERA-MH transcript files, all or nothing (docs/flow.md): the id, persona and
 * user model come from the file name, the provider model and persona risk level from
 * the form. A file that does not parse, two files with one id, or a file whose id is
 * stored with other content refuses the whole import. Lead only.
 */
export async function importConversations({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<ImportedConversations> {
  const me = requireRole(ctx, "lead");
  const { files, providerModel, riskLevel } = ImportConversationsInput.parse(input);
  const problems: { file: string; issues: FlowIssue[] }[] = [];
  const parsed: Transcript[] = [];
  const firstFile = new Map<string, string>();
  for (const file of files) {
    const result = parseTranscript(file.name, file.text);
    if (!result.ok) {
      problems.push({ file: file.name, issues: result.issues });
      continue;
    }
    const { id } = result.transcript;
    const other = firstFile.get(id);
    if (other) problems.push({ file: file.name, issues: [{ line: 1, column: "file name", reason: `conversation ${id} is also ${other}` }] });
    firstFile.set(id, file.name);
    parsed.push(result.transcript);
  }
  const db = getDb();
  return db.transaction(
    (tx) => {
      const stored = new Map(tx.select().from(veraConversations).where(inArray(veraConversations.id, parsed.map((t) => t.id))).all().map((c) => [c.id, c]));
      const fresh: Transcript[] = [];
      for (const t of parsed) {
        const old = stored.get(t.id);
        if (!old) fresh.push(t);
        else if (JSON.stringify(old.turns) !== JSON.stringify(t.turns) || old.providerModel !== providerModel || old.riskLevel !== riskLevel) {
          problems.push({ file: t.fileName, issues: [{ line: 1, column: "file name", reason: `conversation ${t.id} is already imported with other turns or metadata` }] });
        }
      }
      if (problems.length > 0) throw new Invalid("Some files are not valid conversations: nothing was imported.", fileIssues(problems));
      const now = new Date();
      if (fresh.length > 0) {
        tx.insert(veraConversations)
          .values(fresh.map((t) => ({ id: t.id, fileName: t.fileName, persona: t.persona, userModel: t.userModel, providerModel, riskLevel, turns: t.turns, endMarker: t.endMarker, createdAt: now })))
          .run();
        audit(tx, { actor: me.id, action: "vera.conversations.import", entity: "vera_conversation", detail: { ids: fresh.map((t) => t.id), providerModel, riskLevel } }, now);
      }
      return { created: fresh.length, unchanged: parsed.length - fresh.length, ids: parsed.map((t) => t.id) };
    },
    { behavior: "immediate" },
  );
}
