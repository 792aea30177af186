// The set-scoped reads that services share: the set's pinned criteria, its responses, its clinicians.
import "server-only";
import { asc, eq } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { calibrationSetClinicians, calibrationSetItems, calibrationSetResponses, rubricCriteria } from "@/db/schema";

export interface PinnedCriterion {
  item: string;
  id: string;
  dimension: (typeof rubricCriteria.$inferSelect)["dimension"];
  weight: number;
  text: string;
  position: number;
  /** The rubric version the set pinned for the item. */
  rubricVersionId: number;
}

/** The criteria of the rubric versions the set pinned, in item then rubric order. */
export function pinnedCriteria(db: Db | Tx, setId: number): PinnedCriterion[] {
  return db
    .select({ item: calibrationSetItems.itemId, id: rubricCriteria.criterionId, dimension: rubricCriteria.dimension, weight: rubricCriteria.weight, text: rubricCriteria.text, position: rubricCriteria.position, rubricVersionId: calibrationSetItems.rubricVersionId })
    .from(calibrationSetItems)
    .innerJoin(rubricCriteria, eq(rubricCriteria.rubricVersionId, calibrationSetItems.rubricVersionId))
    .where(eq(calibrationSetItems.setId, setId))
    .orderBy(asc(calibrationSetItems.itemId), asc(rubricCriteria.position))
    .all();
}

/** The ids of the set's responses, as a subquery (`inArray(column, setResponseIds(db, setId))`). */
export function setResponseIds(db: Db | Tx, setId: number) {
  return db.select({ id: calibrationSetResponses.responseId }).from(calibrationSetResponses).where(eq(calibrationSetResponses.setId, setId));
}

/** The ids of the set's assigned clinicians, as a subquery. */
export function setClinicianIds(db: Db | Tx, setId: number) {
  return db.select({ id: calibrationSetClinicians.userId }).from(calibrationSetClinicians).where(eq(calibrationSetClinicians.setId, setId));
}
