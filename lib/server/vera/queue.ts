import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { veraAssignments } from "@/db/schema";

/** The clinician's queue of a study: per place, how many dimensions they have rated. */
export function queueOf(db: Db | Tx, studyId: number, userId: string): { number: number; rated: number }[] {
  return db
    .select({
      position: veraAssignments.position,
      rated: sql<number>`(SELECT count(*) FROM vera_ratings r WHERE r.study_id = vera_assignments.study_id AND r.rater = vera_assignments.user_id AND r.conversation_id = vera_assignments.conversation_id)`,
    })
    .from(veraAssignments)
    .where(and(eq(veraAssignments.studyId, studyId), eq(veraAssignments.userId, userId)))
    .orderBy(asc(veraAssignments.position))
    .all()
    .map((r) => ({ number: r.position + 1, rated: r.rated }));
}
