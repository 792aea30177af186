import "server-only";
import { sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import type { Ctx } from "@/lib/server/context";
import { requireRole } from "@/lib/server/guard";

/** A clinician's view of one set: progress only — never models, other raters' labels or verdicts. */
export interface Assignment {
  setId: number;
  name: string;
  status: "open" | "closed";
  responsesTotal: number;
  /** Responses where every pinned criterion has this clinician's verdict. */
  responsesDone: number;
  criteriaTotal: number;
  criteriaDone: number;
}

interface Row {
  setId: number;
  name: string;
  status: "open" | "closed";
  needed: number;
  given: number;
}

export async function listMyAssignments({ ctx }: { ctx: Ctx }): Promise<Assignment[]> {
  const me = requireRole(ctx, "clinician");
  const rows = getDb().all<Row>(sql`
    SELECT s.id AS setId, s.name AS name, s.status AS status,
      (SELECT count(*) FROM rubric_criteria rc WHERE rc.rubric_version_id = si.rubric_version_id) AS needed,
      (SELECT count(*) FROM labels l JOIN rubric_criteria rc ON rc.rubric_version_id = si.rubric_version_id AND rc.criterion_id = l.criterion_id
        WHERE l.rater_id = q.user_id AND l.response_id = q.response_id) AS given
    FROM calibration_queue q
    JOIN calibration_sets s ON s.id = q.set_id
    JOIN responses r ON r.id = q.response_id
    JOIN calibration_set_items si ON si.set_id = q.set_id AND si.item_id = r.item_id
    WHERE q.user_id = ${me.id}
    ORDER BY s.created_at DESC, s.id DESC`);
  const bySet = new Map<number, Assignment>();
  for (const row of rows) {
    const a = bySet.get(row.setId) ?? { setId: row.setId, name: row.name, status: row.status, responsesTotal: 0, responsesDone: 0, criteriaTotal: 0, criteriaDone: 0 };
    a.responsesTotal += 1;
    if (row.given >= row.needed) a.responsesDone += 1;
    a.criteriaTotal += row.needed;
    a.criteriaDone += row.given;
    bySet.set(row.setId, a);
  }
  return [...bySet.values()];
}
