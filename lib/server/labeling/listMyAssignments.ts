import "server-only";
import { and, desc, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { calibrationSetClinicians, calibrationSets } from "@/db/schema";
import type { Ctx } from "@/lib/server/context";
import { requireRole } from "@/lib/server/guard";
import { progressOf, queueEntries, type Progress } from "@/lib/server/sets/progress";

/** A clinician's view of one set: progress only — never models, other raters' labels or verdicts. */
export interface Assignment extends Progress {
  setId: number;
  name: string;
  status: "open" | "closed";
}

export async function listMyAssignments({ ctx }: { ctx: Ctx }): Promise<Assignment[]> {
  const me = requireRole(ctx, "clinician");
  const db = getDb();
  const sets = db
    .select({ setId: calibrationSets.id, name: calibrationSets.name, status: calibrationSets.status })
    .from(calibrationSets)
    .innerJoin(calibrationSetClinicians, and(eq(calibrationSetClinicians.setId, calibrationSets.id), eq(calibrationSetClinicians.userId, me.id)))
    .orderBy(desc(calibrationSets.createdAt), desc(calibrationSets.id))
    .all();
  return sets.map((set) => ({ ...set, ...progressOf(queueEntries(db, set.setId, me.id)) }));
}
