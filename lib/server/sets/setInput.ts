import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import {
  calibrationSetItems,
  calibrationSetResponses,
  judgeVerdicts,
  labels,
  responses,
} from "@/db/schema";
import type { CalibrationInput } from "@/lib/calibration/input";
import { pinnedCriteria, setClinicianIds, setResponseIds } from "./queries";

/**
 * The engine's input for one calibration set: its items with the criteria of the
 * rubric versions the set pinned (in rubric order), its responses, its own labels (by its
 * assigned clinicians) and every judge verdict on its responses given on a pinned
 * rubric version. Labels or verdicts on
 * criteria outside the pinned versions are not about the set's units; the engine
 * ignores them.
 */
export function loadSetInput(db: Db, setId: number): CalibrationInput {
  const items = new Map<string, CalibrationInput["items"][number]>();
  for (const row of pinnedCriteria(db, setId)) {
    const item = items.get(row.item) ?? { id: row.item, criteria: [] };
    item.criteria.push({ id: row.id, dimension: row.dimension, weight: row.weight });
    items.set(row.item, item);
  }
  const setResponses = db
    .select({ id: responses.id, item: responses.itemId })
    .from(calibrationSetResponses)
    .innerJoin(responses, eq(responses.id, calibrationSetResponses.responseId))
    .where(eq(calibrationSetResponses.setId, setId))
    .all();
  const responseIds = setResponseIds(db, setId);
  const setLabels = db
    .select({ rater: labels.raterId, response: labels.responseId, criterion: labels.criterionId, verdict: labels.verdict })
    .from(labels)
    .where(and(eq(labels.setId, setId), inArray(labels.raterId, setClinicianIds(db, setId))))
    .all();
  const setVerdicts = db
    .select({ judge: judgeVerdicts.judge, response: judgeVerdicts.responseId, criterion: judgeVerdicts.criterionId, verdict: judgeVerdicts.verdict })
    .from(judgeVerdicts)
    .innerJoin(
      calibrationSetItems,
      and(eq(calibrationSetItems.setId, setId), eq(calibrationSetItems.rubricVersionId, judgeVerdicts.rubricVersionId)),
    )
    .where(inArray(judgeVerdicts.responseId, responseIds))
    .all();
  return { items: [...items.values()], responses: setResponses, labels: setLabels, verdicts: setVerdicts };
}
