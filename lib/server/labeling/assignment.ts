import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { calibrationQueue, calibrationSetClinicians, contentNotices } from "@/db/schema";
import { NotFound } from "@/lib/server/errors";
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

/** Whether the clinician has read the content notice for this set. */
export function noticeAcknowledged(db: Db | Tx, setId: number, userId: string): boolean {
  const row = db
    .select({ setId: contentNotices.setId })
    .from(contentNotices)
    .where(and(eq(contentNotices.setId, setId), eq(contentNotices.userId, userId)))
    .get();
  return row !== undefined;
}

/** Where the clinician stopped: the response of their latest label in the set, as a queue number. */
export function lastLabeled(db: Db | Tx, setId: number, userId: string): number | null {
  const [row] = db.all<{ position: number }>(sql`
    SELECT q.position AS position FROM labels l
    JOIN calibration_queue q ON q.set_id = ${setId} AND q.user_id = l.rater_id AND q.response_id = l.response_id
    WHERE l.rater_id = ${userId}
    ORDER BY l.updated_at DESC, l.id DESC LIMIT 1`);
  return row ? row.position + 1 : null;
}
