import "server-only";
import { getDb } from "@/db/client";
import { draftReference } from "@/lib/llm/draftReference";
import { audit } from "@/lib/server/audit";
import type { Ctx } from "@/lib/server/context";
import { Invalid } from "@/lib/server/errors";
import { requireRole } from "@/lib/server/guard";
import { requireItem } from "./items";
import { askModel, requireLlm } from "./llm";
import { writeReferenceDraft } from "./referenceDraft";
import { latestPublishedReference, referenceDraftOf, type ReferenceVersionView } from "./references";
import { latestPublishedRubric, rubricDraftOf } from "./rubrics";
import { ItemIdInput } from "./schema";

/**
 * "Draft reference": asks the configured model for a reference response that meets the
 * current rubric — the author's own rubric draft when it has written criteria, else
 * the latest published version — and makes it the author's reference draft. The text
 * it replaces stays in the audit log.
 */
export async function draftReferenceWithModel({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<ReferenceVersionView> {
  const author = requireRole(ctx, "author");
  const { itemId } = ItemIdInput.parse(input);
  const config = requireLlm();
  const db = getDb();
  const item = requireItem(db, itemId);
  const mine = rubricDraftOf(db, itemId, author.id)?.criteria.filter((c) => c.text.trim() !== "") ?? [];
  const criteria = mine.length > 0 ? mine : (latestPublishedRubric(db, itemId)?.criteria ?? []);
  if (criteria.length === 0) throw new Invalid("Write or publish a rubric first: the reference is drafted from it.");
  const { subcategory, age, intent, stage, directness } = item;
  const text = await askModel(() =>
    draftReference(config, { item: { subcategory, age, intent, stage, directness, user_turns: item.userTurns, notes: item.notes ?? undefined }, criteria }),
  );
  return db.transaction(
    (tx) => {
      const draft = referenceDraftOf(tx, itemId, author.id);
      const baseVersion = draft ? draft.baseVersion : (latestPublishedReference(tx, itemId)?.version ?? null);
      const rowId = writeReferenceDraft(tx, { itemId, author: author.id, baseVersion, text, existingRowId: draft?.rowId ?? null });
      audit(tx, { actor: author.id, action: "reference.draft.model", entity: "reference_version", entityId: rowId, detail: { item: itemId, model: config.model, replaced: draft?.text ?? null, text } });
      const saved = referenceDraftOf(tx, itemId, author.id);
      if (!saved) throw new Error("the draft just written is missing");
      return saved;
    },
    { behavior: "immediate" },
  );
}
