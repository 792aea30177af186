import "server-only";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { calibrationSetClinicians, calibrationSetItems, labels, rubricCriteria } from "@/db/schema";
import { consensusOf } from "@/lib/calibration/consensus";
import { buildUnitTable, type UnitTable } from "@/lib/calibration/units";
import { loadSetInput } from "./setInput";

/** A set's units as the engine lays them out, with the engine's consensus per unit. */
export interface SetUnits {
  table: UnitTable;
  consensus: Uint8Array;
}

/**
 * Judge verdicts are left out: nothing here compares judges, and the clinicians'
 * figures do not read them. Inside a transaction pass the database itself: it is
 * one connection, so the reads see the transaction's snapshot.
 */
export function setUnits(db: Db, setId: number): SetUnits {
  const table = buildUnitTable({ ...loadSetInput(db, setId), verdicts: [] });
  return { table, consensus: consensusOf(table) };
}

export interface PinnedCriterion {
  item: string;
  id: string;
  dimension: (typeof rubricCriteria.$inferSelect)["dimension"];
  weight: number;
  text: string;
  position: number;
}

/** The criteria of the rubric versions the set pinned, in item then rubric order. */
export function pinnedCriteria(db: Db | Tx, setId: number): PinnedCriterion[] {
  return db
    .select({ item: calibrationSetItems.itemId, id: rubricCriteria.criterionId, dimension: rubricCriteria.dimension, weight: rubricCriteria.weight, text: rubricCriteria.text, position: rubricCriteria.position })
    .from(calibrationSetItems)
    .innerJoin(rubricCriteria, eq(rubricCriteria.rubricVersionId, calibrationSetItems.rubricVersionId))
    .where(eq(calibrationSetItems.setId, setId))
    .orderBy(asc(calibrationSetItems.itemId), asc(rubricCriteria.position))
    .all();
}

export type SetLabel = Pick<typeof labels.$inferSelect, "raterId" | "responseId" | "criterionId" | "verdict" | "rationale" | "updatedAt">;

/** The set's own labels, by its clinicians (any criterion; callers keep the units). */
export function setLabels(db: Db | Tx, setId: number): SetLabel[] {
  const clinicianIds = db.select({ id: calibrationSetClinicians.userId }).from(calibrationSetClinicians).where(eq(calibrationSetClinicians.setId, setId));
  return db
    .select({ raterId: labels.raterId, responseId: labels.responseId, criterionId: labels.criterionId, verdict: labels.verdict, rationale: labels.rationale, updatedAt: labels.updatedAt })
    .from(labels)
    .where(and(eq(labels.setId, setId), inArray(labels.raterId, clinicianIds)))
    .orderBy(asc(labels.responseId), asc(labels.criterionId), asc(labels.raterId))
    .all();
}

export const unitKey = (response: string, criterion: string) => `${response}\u0000${criterion}`;
