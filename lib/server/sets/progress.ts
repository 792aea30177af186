import "server-only";
import { sql } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";

/** One response in one clinician's queue: how many pinned criteria it has, how many they labeled. */
export interface QueueEntry {
  userId: string;
  /** 0-based place in the clinician's own order. */
  position: number;
  needed: number;
  given: number;
  /** The clinician skipped it ("I can't judge this"): counted apart, never as done. */
  skipped: boolean;
}

export interface Progress {
  responsesTotal: number;
  /** Responses where every pinned criterion has a verdict (skipped ones never count). */
  responsesDone: number;
  /** Responses the clinician skipped; a skip is not a label. */
  responsesSkipped: number;
  criteriaTotal: number;
  criteriaDone: number;
}

/** The queue entries of a set, for one clinician or for all of them, in queue order. */
export function queueEntries(db: Db | Tx, setId: number, userId?: string): QueueEntry[] {
  return db.all<Omit<QueueEntry, "skipped"> & { skipped: number }>(sql`
    SELECT q.user_id AS userId, q.position AS position,
      EXISTS (SELECT 1 FROM labeling_flags f WHERE f.set_id = q.set_id AND f.user_id = q.user_id AND f.response_id = q.response_id AND f.kind = 'skip') AS skipped,
      (SELECT count(*) FROM rubric_criteria rc WHERE rc.rubric_version_id = si.rubric_version_id) AS needed,
      (SELECT count(*) FROM labels l JOIN rubric_criteria rc ON rc.rubric_version_id = si.rubric_version_id AND rc.criterion_id = l.criterion_id
        WHERE l.set_id = q.set_id AND l.rater_id = q.user_id AND l.response_id = q.response_id) AS given
    FROM calibration_queue q
    JOIN responses r ON r.id = q.response_id
    JOIN calibration_set_items si ON si.set_id = q.set_id AND si.item_id = r.item_id
    WHERE q.set_id = ${setId} ${userId === undefined ? sql`` : sql`AND q.user_id = ${userId}`}
    ORDER BY q.user_id, q.position`).map((e) => ({ ...e, skipped: e.skipped === 1 }));
}

export function progressOf(entries: readonly Pick<QueueEntry, "needed" | "given" | "skipped">[]): Progress {
  const progress: Progress = { responsesTotal: 0, responsesDone: 0, responsesSkipped: 0, criteriaTotal: 0, criteriaDone: 0 };
  for (const e of entries) {
    progress.responsesTotal++;
    if (e.skipped) progress.responsesSkipped++;
    else if (e.given >= e.needed) progress.responsesDone++;
    progress.criteriaTotal += e.needed;
    progress.criteriaDone += e.given;
  }
  return progress;
}
