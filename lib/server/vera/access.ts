import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { veraAssignments, veraRubrics, veraStudies, veraStudyClinicians } from "@/db/schema";
import { parseRubric } from "@/lib/flow/parseRubric";
import { NotFound } from "@/lib/server/errors";

// One sentence for "no such study" and "not yours": a clinician learns nothing about studies they are not in.
const NOT_YOURS = "This study is not assigned to you.";

export type StudyRow = typeof veraStudies.$inferSelect;

export function readStudy(db: Db | Tx, studyId: number): StudyRow {
  const study = db.select().from(veraStudies).where(eq(veraStudies.id, studyId)).get();
  if (!study) throw new NotFound("There is no such study.");
  return study;
}

/** The study and whether its notice was read, if `userId` is one of its clinicians. */
export function assignedStudy(db: Db | Tx, studyId: number, userId: string): { study: StudyRow; noticeRead: boolean } {
  const row = db
    .select({ noticeAt: veraStudyClinicians.noticeAt })
    .from(veraStudyClinicians)
    .where(and(eq(veraStudyClinicians.studyId, studyId), eq(veraStudyClinicians.userId, userId)))
    .get();
  if (!row) throw new NotFound(NOT_YOURS);
  return { study: readStudy(db, studyId), noticeRead: row.noticeAt !== null };
}

/** The conversation at place `number` (from 1) of the clinician's queue. Server-side only: its id never leaves. */
export function conversationAt(db: Db | Tx, studyId: number, userId: string, number: number): string {
  const row = db
    .select({ id: veraAssignments.conversationId })
    .from(veraAssignments)
    .where(and(eq(veraAssignments.studyId, studyId), eq(veraAssignments.userId, userId), eq(veraAssignments.position, number - 1)))
    .get();
  if (!row) throw new NotFound("There is no conversation at that place in your queue.");
  return row.id;
}

/** A stored flow rubric version, parsed (it was valid when imported). */
export function loadRubric(db: Db | Tx, rubricId: number) {
  const row = db.select().from(veraRubrics).where(eq(veraRubrics.id, rubricId)).get();
  if (!row) throw new NotFound("There is no such flow rubric.");
  const parsed = parseRubric(row.source);
  if (!parsed.ok) throw new Error(`stored flow rubric ${rubricId} no longer parses`);
  return { row, rubric: parsed.rubric, graph: parsed.graph };
}
