import "server-only";
import { desc, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { calibrationSets } from "@/db/schema";
import type { Ctx } from "@/lib/server/context";
import { requireRole } from "@/lib/server/guard";

export interface CalibrationSetSummary {
  id: number;
  name: string;
  seed: number;
  status: "open" | "closed";
  createdBy: string;
  createdAt: Date;
  closedAt: Date | null;
  items: number;
  responses: number;
  clinicians: number;
  /** Labels the set's clinicians gave on its responses, against the pinned criteria. */
  labels: number;
}

export async function listCalibrationSets({ ctx }: { ctx: Ctx }): Promise<CalibrationSetSummary[]> {
  requireRole(ctx, "lead");
  // Subqueries name the outer table literally: drizzle renders a column of a single-table
  // select without its table, which inside a subquery would bind to the inner table.
  return getDb()
    .select({
      id: calibrationSets.id,
      name: calibrationSets.name,
      seed: calibrationSets.seed,
      status: calibrationSets.status,
      createdBy: calibrationSets.createdBy,
      createdAt: calibrationSets.createdAt,
      closedAt: calibrationSets.closedAt,
      items: sql<number>`(SELECT count(*) FROM calibration_set_items i WHERE i.set_id = calibration_sets.id)`,
      responses: sql<number>`(SELECT count(*) FROM calibration_set_responses r WHERE r.set_id = calibration_sets.id)`,
      clinicians: sql<number>`(SELECT count(*) FROM calibration_set_clinicians c WHERE c.set_id = calibration_sets.id)`,
      labels: sql<number>`(
        SELECT count(*) FROM calibration_set_responses sr
        JOIN responses resp ON resp.id = sr.response_id
        JOIN calibration_set_items si ON si.set_id = sr.set_id AND si.item_id = resp.item_id
        JOIN rubric_criteria rc ON rc.rubric_version_id = si.rubric_version_id
        JOIN calibration_set_clinicians sc ON sc.set_id = sr.set_id
        JOIN labels l ON l.set_id = sr.set_id AND l.response_id = sr.response_id AND l.criterion_id = rc.criterion_id AND l.rater_id = sc.user_id
        WHERE sr.set_id = calibration_sets.id)`,
    })
    .from(calibrationSets)
    .orderBy(desc(calibrationSets.createdAt), desc(calibrationSets.id))
    .all();
}
