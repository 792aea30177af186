import "server-only";
import { getDb } from "@/db/client";
import { audit } from "@/lib/server/audit";
import type { Ctx } from "@/lib/server/context";
import { requireRole } from "@/lib/server/guard";
import { requireItem } from "./items";
import { checkRubricBase, resolveDraftCriteria, writeRubricDraft } from "./rubricDraft";
import { rubricDraftOf, type RubricVersionView } from "./rubrics";
import { SaveRubricDraftInput } from "./schema";

/**
 * The rubric editor's autosave: replaces the author's own draft of the item's rubric
 * (each author has at most one per item, so two authors never overwrite each other).
 * Criteria may still be incomplete; publishing checks them fully.
 */
export async function saveRubricDraft({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<RubricVersionView> {
  const author = requireRole(ctx, "author");
  const data = SaveRubricDraftInput.parse(input);
  return getDb().transaction(
    (tx) => {
      requireItem(tx, data.itemId);
      checkRubricBase(tx, data.itemId, data.baseVersion);
      const previous = rubricDraftOf(tx, data.itemId, author.id);
      const criteria = resolveDraftCriteria(tx, data.itemId, previous?.criteria ?? [], data.criteria);
      const rowId = writeRubricDraft(tx, { itemId: data.itemId, author: author.id, baseVersion: data.baseVersion, criteria, existingRowId: previous?.rowId ?? null });
      // The full criteria go to the audit log, so every autosaved state can be recovered.
      audit(tx, { actor: author.id, action: "rubric.draft.save", entity: "rubric_version", entityId: rowId, detail: { item: data.itemId, baseVersion: data.baseVersion, criteria } });
      const saved = rubricDraftOf(tx, data.itemId, author.id);
      if (!saved) throw new Error("the draft just written is missing");
      return saved;
    },
    { behavior: "immediate" },
  );
}
