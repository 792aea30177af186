import "server-only";
import { and, asc, eq, getTableColumns, inArray } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { calibrationSetClinicians, calibrationSetItems, items, judgeVerdicts, responses, rubricVersions } from "@/db/schema";
import type { Bundle, SetRecord } from "@/lib/bundle/schema";
import { canonicalItem, canonicalLabel, canonicalResponse, canonicalRubric, canonicalSet, canonicalVerdict } from "@/lib/server/bundle/canonical";
import { readSet } from "./readSet";
import { pinnedCriteria, setClinicianIds, setResponseIds } from "./queries";
import { setLabels, unitKey } from "./setUnits";

/**
 * A set as a self-contained bundle (docs/format.md#calibration-sets): its `set` line
 * (name, seed, status, pinned rubric versions, responses, clinicians), its items, the
 * rubric version each item was pinned to, its responses, its own labels (each naming
 * the set) and every judge's verdicts on its units given on the pinned versions (each
 * naming its version). Both
 * `concord calibrate` and `concord verify-freeze` reproduce the set from it offline.
 * Read inside the caller's transaction, so it is one consistent snapshot.
 */
export function setBundle(tx: Tx, setId: number): Bundle & { sets: SetRecord[] } {
  const itemIds = tx.select({ id: calibrationSetItems.itemId }).from(calibrationSetItems).where(eq(calibrationSetItems.setId, setId));
  const responseIds = setResponseIds(tx, setId);
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
  const itemOf = new Map(responseRows.map((r) => [r.id, r.itemId]));
  const verdictRows = tx
    .select(getTableColumns(judgeVerdicts))
    .from(judgeVerdicts)
    .innerJoin(
      calibrationSetItems,
      and(eq(calibrationSetItems.setId, setId), eq(calibrationSetItems.rubricVersionId, judgeVerdicts.rubricVersionId)),
    )
    .where(inArray(judgeVerdicts.responseId, responseIds))
    .orderBy(asc(judgeVerdicts.responseId), asc(judgeVerdicts.criterionId), asc(judgeVerdicts.judge))
    .all();
  const set = readSet(tx, setId);
  const bundleSet = `set-${setId}`;
  const versionOf = new Map(pinned.map((p) => [p.item, p.version]));
  const clinicians = setClinicianIds(tx, setId).orderBy(asc(calibrationSetClinicians.userId)).all();
  return {
    sets: [canonicalSet({
      kind: "set", id: bundleSet, name: set.name, seed: set.seed, status: set.status,
      items: pinned.map((p) => ({ item: p.item, rubric_version: p.version })),
      responses: responseRows.map((r) => r.id),
      clinicians: clinicians.map((c) => c.id),
    })],
    items: tx.select().from(items).where(inArray(items.id, itemIds)).orderBy(asc(items.id)).all().map((r) =>
      canonicalItem({ kind: "item", id: r.id, subcategory: r.subcategory, age: r.age, intent: r.intent, stage: r.stage, directness: r.directness, split: r.split, user_turns: r.userTurns, notes: r.notes ?? undefined }),
    ),
    rubrics: pinned.map((p) => canonicalRubric({ kind: "rubric", item: p.item, version: p.version, criteria: criteria.filter((c) => c.item === p.item) })),
    references: [],
    responses: responseRows.map((r) => canonicalResponse({ kind: "response", id: r.id, item: r.itemId, model: r.model, run: r.run, assistant_turns: r.assistantTurns })),
    labels: setLabels(tx, setId)
      .filter((l) => units.has(unitKey(l.responseId, l.criterionId)))
      .map((l) => canonicalLabel({ kind: "label", rater: l.raterId, response: l.responseId, criterion: l.criterionId, verdict: l.verdict, rationale: l.rationale ?? undefined, set: bundleSet })),
    verdicts: verdictRows
      .filter((v) => units.has(unitKey(v.responseId, v.criterionId)))
      .map((v) => canonicalVerdict({
        kind: "verdict", judge: v.judge, response: v.responseId, criterion: v.criterionId, verdict: v.verdict, rationale: v.rationale ?? undefined,
        rubric_version: versionOf.get(itemOf.get(v.responseId)!),
      })),
  };
}
