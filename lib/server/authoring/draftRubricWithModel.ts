import "server-only";
import { getDb } from "@/db/client";
import { draftRubricFromNotes } from "@/lib/llm/draftRubric";
import { audit } from "@/lib/server/audit";
import type { Ctx } from "@/lib/server/context";
import { requireRole } from "@/lib/server/guard";
import { newCriterionIds } from "./criterionIds";
import { requireItem } from "./items";
import { askModel, requireLlm } from "./llm";
import { writeRubricDraft } from "./rubricDraft";
import { latestPublishedRubric, rubricDraftOf, type RubricVersionView, type StoredCriterion } from "./rubrics";
import { ItemIdInput } from "./schema";

/**
 * "Draft from notes": asks the configured model for the seven-criterion draft and adds
 * it to the author's draft (starting one from the latest version if needed). Nothing
 * the author wrote is replaced; only blank rows give way. The model is asked outside
 * the transaction, so a slow answer never holds the database.
 */
export async function draftRubricWithModel({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<RubricVersionView> {
  const author = requireRole(ctx, "author");
  const { itemId } = ItemIdInput.parse(input);
  const config = requireLlm();
  const item = requireItem(getDb(), itemId);
  const { subcategory, age, intent, stage, directness } = item;
  const drafted = await askModel(() =>
    draftRubricFromNotes(config, { item: { subcategory, age, intent, stage, directness, user_turns: item.userTurns, notes: item.notes ?? undefined } }),
  );
  return getDb().transaction(
    (tx) => {
      const draft = rubricDraftOf(tx, itemId, author.id);
      const start = draft ?? latestPublishedRubric(tx, itemId);
      const kept = (start?.criteria ?? []).filter((c) => c.text.trim() !== "");
      const ids = newCriterionIds(tx, itemId, drafted.length);
      const added: StoredCriterion[] = drafted.map((c, i) => ({ ...c, id: ids[i], provenance: "model", keptAsDrafted: true }));
      const baseVersion = draft ? draft.baseVersion : (start?.version ?? null);
      const rowId = writeRubricDraft(tx, { itemId, author: author.id, baseVersion, criteria: [...kept, ...added], existingRowId: draft?.rowId ?? null });
      audit(tx, { actor: author.id, action: "rubric.draft.model", entity: "rubric_version", entityId: rowId, detail: { item: itemId, model: config.model, drafted: added } });
      const saved = rubricDraftOf(tx, itemId, author.id);
      if (!saved) throw new Error("the draft just written is missing");
      return saved;
    },
    { behavior: "immediate" },
  );
}
