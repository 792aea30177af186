import "server-only";
import { getDb } from "@/db/client";
import { audit } from "@/lib/server/audit";
import type { Ctx } from "@/lib/server/context";
import { requireRole } from "@/lib/server/guard";
import { requireItem } from "./items";
import { checkReferenceBase, writeReferenceDraft } from "./referenceDraft";
import { referenceDraftOf, type ReferenceVersionView } from "./references";
import { SaveReferenceDraftInput } from "./schema";

/** The reference editor's autosave: replaces the author's own draft of the item's reference. */
export async function saveReferenceDraft({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<ReferenceVersionView> {
  const author = requireRole(ctx, "author");
  const data = SaveReferenceDraftInput.parse(input);
  return getDb().transaction(
    (tx) => {
      requireItem(tx, data.itemId);
      checkReferenceBase(tx, data.itemId, data.baseVersion);
      const previous = referenceDraftOf(tx, data.itemId, author.id);
      const rowId = writeReferenceDraft(tx, { itemId: data.itemId, author: author.id, baseVersion: data.baseVersion, text: data.text, existingRowId: previous?.rowId ?? null });
      audit(tx, { actor: author.id, action: "reference.draft.save", entity: "reference_version", entityId: rowId, detail: { item: data.itemId, baseVersion: data.baseVersion, text: data.text } });
      const saved = referenceDraftOf(tx, data.itemId, author.id);
      if (!saved) throw new Error("the draft just written is missing");
      return saved;
    },
    { behavior: "immediate" },
  );
}
