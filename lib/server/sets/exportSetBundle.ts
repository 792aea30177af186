import "server-only";
import { asc, eq, inArray } from "drizzle-orm";
import { getDb } from "@/db/client";
import { calibrationSetItems, calibrationSetResponses, items, responses, rubricVersions } from "@/db/schema";
import type { Bundle } from "@/lib/bundle/schema";
import { canonicalItem, canonicalLabel, canonicalResponse, canonicalRubric } from "@/lib/server/bundle/canonical";
import { bundleText } from "@/lib/server/bundle/importInto";
import type { Ctx } from "@/lib/server/context";
import { requireRole } from "@/lib/server/guard";
import { readSet } from "./readSet";
import { SetIdInput } from "./schema";
import { pinnedCriteria, setLabels, unitKey } from "./setUnits";

/**
 * A set's labels as a self-contained bundle (docs/format.md): its items, the rubric
 * version each item was pinned to (the only, hence current, version in the bundle),
 * its responses and its clinicians' labels on its units. `concord calibrate` on this
 * file reproduces the set's consensus and agreement offline.
 */
export async function exportSetBundle({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<string> {
  requireRole(ctx, "lead");
  const { setId } = SetIdInput.parse(input);
  return getDb().transaction(
    (tx) => {
      readSet(tx, setId);
      const itemIds = tx.select({ id: calibrationSetItems.itemId }).from(calibrationSetItems).where(eq(calibrationSetItems.setId, setId));
      const responseIds = tx.select({ id: calibrationSetResponses.responseId }).from(calibrationSetResponses).where(eq(calibrationSetResponses.setId, setId));
      const criteria = pinnedCriteria(tx, setId);
      const pinned = tx
        .select({ item: calibrationSetItems.itemId, version: rubricVersions.version })
        .from(calibrationSetItems)
        .innerJoin(rubricVersions, eq(rubricVersions.id, calibrationSetItems.rubricVersionId))
        .where(eq(calibrationSetItems.setId, setId))
        .orderBy(asc(calibrationSetItems.itemId))
        .all();
      const units = new Set<string>();
      const responseRows = tx.select().from(responses).where(inArray(responses.id, responseIds)).orderBy(asc(responses.id)).all();
      for (const r of responseRows) for (const c of criteria) if (c.item === r.itemId) units.add(unitKey(r.id, c.id));

      const bundle: Bundle = {
        items: tx.select().from(items).where(inArray(items.id, itemIds)).orderBy(asc(items.id)).all().map((r) =>
          canonicalItem({ kind: "item", id: r.id, subcategory: r.subcategory, age: r.age, intent: r.intent, stage: r.stage, directness: r.directness, split: r.split, user_turns: r.userTurns, notes: r.notes ?? undefined }),
        ),
        rubrics: pinned.map((p) => canonicalRubric({ kind: "rubric", item: p.item, version: p.version, criteria: criteria.filter((c) => c.item === p.item) })),
        references: [],
        responses: responseRows.map((r) => canonicalResponse({ kind: "response", id: r.id, item: r.itemId, model: r.model, run: r.run, assistant_turns: r.assistantTurns })),
        labels: setLabels(tx, setId)
          .filter((l) => units.has(unitKey(l.responseId, l.criterionId)))
          .map((l) => canonicalLabel({ kind: "label", rater: l.raterId, response: l.responseId, criterion: l.criterionId, verdict: l.verdict, rationale: l.rationale ?? undefined })),
        verdicts: [],
      };
      return bundleText(bundle);
    },
    { behavior: "deferred" },
  );
}
