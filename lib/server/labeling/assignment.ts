import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { calibrationQueue, calibrationSetClinicians, calibrationSetItems, contentNotices, responses, rubricCriteria } from "@/db/schema";
import { Conflict, Invalid, NotFound } from "@/lib/server/errors";
import { readSet, type CalibrationSetRow } from "@/lib/server/sets/readSet";

// One sentence for "no such set" and "not yours": a clinician learns nothing about sets they are not in.
export const NOT_YOURS = "This calibration set is not assigned to you.";
export const NO_SUCH_PLACE = "There is no response at that place in your queue.";

/** The set, if `userId` is one of its clinicians. */
export function assignedSet(db: Db | Tx, setId: number, userId: string): CalibrationSetRow {
  const assigned = db
    .select({ userId: calibrationSetClinicians.userId })
    .from(calibrationSetClinicians)
    .where(and(eq(calibrationSetClinicians.setId, setId), eq(calibrationSetClinicians.userId, userId)))
    .get();
  if (!assigned) throw new NotFound(NOT_YOURS);
  return readSet(db, setId);
}

/** The response at place `number` (from 1) of the clinician's own queue. Server-side only: its id never leaves. */
export function responseAt(db: Db | Tx, setId: number, userId: string, number: number): string {
  const row = db
    .select({ responseId: calibrationQueue.responseId })
    .from(calibrationQueue)
    .where(and(eq(calibrationQueue.setId, setId), eq(calibrationQueue.userId, userId), eq(calibrationQueue.position, number - 1)))
    .get();
  if (!row) throw new NotFound(NO_SUCH_PLACE);
  return row.responseId;
}

export const NOTICE_ACTION = "labeling.content_notice";

/**
 * Whether the clinician is past the content notice for this set: they read it here, or
 * they have already labeled responses of their queue (imported or seeded labels), so
 * the notice is shown once per clinician and set, before their first response only.
 */
export function noticeAcknowledged(db: Db | Tx, setId: number, userId: string): boolean {
  const row = db
    .select({ setId: contentNotices.setId })
    .from(contentNotices)
    .where(and(eq(contentNotices.setId, setId), eq(contentNotices.userId, userId)))
    .get();
  if (row) return true;
  const [{ begun }] = db.all<{ begun: number }>(sql`
    SELECT EXISTS (SELECT 1 FROM calibration_queue q
      JOIN labels l ON l.set_id = q.set_id AND l.rater_id = q.user_id AND l.response_id = q.response_id
      WHERE q.set_id = ${setId} AND q.user_id = ${userId}) AS begun`);
  return begun === 1;
}

/** Where the clinician stopped: the response of their latest label in the set, as a queue number. */
export function lastLabeled(db: Db | Tx, setId: number, userId: string): number | null {
  const [row] = db.all<{ position: number }>(sql`
    SELECT q.position AS position FROM labels l
    JOIN calibration_queue q ON q.set_id = ${setId} AND q.user_id = l.rater_id AND q.response_id = l.response_id
    WHERE l.set_id = ${setId} AND l.rater_id = ${userId}
    ORDER BY l.updated_at DESC, l.id DESC LIMIT 1`);
  return row ? row.position + 1 : null;
}

export const LOCKED = "This calibration set is closed, so its labels can no longer change.";

/**
 * The response at `number` of the clinician's queue, for a write: refused once the set
 * is closed. Each set has its own labels, so no other set is ever consulted (nor named).
 */
export function writableResponseAt(db: Db | Tx, setId: number, userId: string, number: number): string {
  const set = assignedSet(db, setId, userId);
  if (set.status === "closed") throw new Conflict(LOCKED);
  return responseAt(db, setId, userId, number);
}

/** Refuses a criterion that is not in the rubric version the set pinned for the response's item. */
export function requirePinnedCriterion(db: Db | Tx, setId: number, responseId: string, criterionId: string): void {
  const pinned = db
    .select({ id: rubricCriteria.criterionId })
    .from(responses)
    .innerJoin(calibrationSetItems, and(eq(calibrationSetItems.setId, setId), eq(calibrationSetItems.itemId, responses.itemId)))
    .innerJoin(rubricCriteria, and(eq(rubricCriteria.rubricVersionId, calibrationSetItems.rubricVersionId), eq(rubricCriteria.criterionId, criterionId)))
    .where(eq(responses.id, responseId))
    .get();
  if (!pinned) throw new Invalid("That criterion is not part of this response's rubric.", [`criterionId: "${criterionId}" is not a criterion of this response`]);
}
