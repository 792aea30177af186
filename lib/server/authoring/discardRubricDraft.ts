import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { rubricVersions } from "@/db/schema";
import { audit } from "@/lib/server/audit";
import type { Ctx } from "@/lib/server/context";
import { NotFound } from "@/lib/server/errors";
import { requireRole } from "@/lib/server/guard";
import { rubricDraftOf } from "./rubrics";
import { ItemIdInput } from "./schema";

/** Throws away the author's own draft; its last state stays in the audit log. */
export async function discardRubricDraft({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<void> {
  const author = requireRole(ctx, "author");
  const { itemId } = ItemIdInput.parse(input);
  getDb().transaction(
    (tx) => {
      const draft = rubricDraftOf(tx, itemId, author.id);
      if (!draft) throw new NotFound("You have no draft of this rubric.");
      tx.delete(rubricVersions).where(eq(rubricVersions.id, draft.rowId)).run();
      audit(tx, { actor: author.id, action: "rubric.draft.discard", entity: "rubric_version", entityId: draft.rowId, detail: { item: itemId, criteria: draft.criteria } });
    },
    { behavior: "immediate" },
  );
}
