import "server-only";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { labels } from "@/db/schema";
import { consensusOf } from "@/lib/calibration/consensus";
import { buildUnitTable, type UnitTable } from "@/lib/calibration/units";
import { setClinicianIds } from "./queries";
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

export type SetLabel = Pick<typeof labels.$inferSelect, "raterId" | "responseId" | "criterionId" | "verdict" | "rationale" | "updatedAt">;

/** The set's own labels, by its clinicians (any criterion; callers keep the units). */
export function setLabels(db: Db | Tx, setId: number): SetLabel[] {
  return db
    .select({ raterId: labels.raterId, responseId: labels.responseId, criterionId: labels.criterionId, verdict: labels.verdict, rationale: labels.rationale, updatedAt: labels.updatedAt })
    .from(labels)
    .where(and(eq(labels.setId, setId), inArray(labels.raterId, setClinicianIds(db, setId))))
    .orderBy(asc(labels.responseId), asc(labels.criterionId), asc(labels.raterId))
    .all();
}

export const unitKey = (response: string, criterion: string) => `${response}\u0000${criterion}`;
