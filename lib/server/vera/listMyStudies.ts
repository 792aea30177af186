import "server-only";
import { desc, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { veraStudies, veraStudyClinicians } from "@/db/schema";
import type { Ctx } from "@/lib/server/context";
import { requireRole } from "@/lib/server/guard";
import { loadRubric } from "./access";
import { queueOf } from "./queue";

export interface MyStudy {
  id: number;
  name: string;
  mode: "direct" | "guided";
  total: number;
  done: number;
  /** Where to resume: the first conversation not fully rated, or null when all are. */
  next: number | null;
}

/** The studies a clinician rates in, with their progress: nothing about models or other raters. */
export async function listMyStudies({ ctx }: { ctx: Ctx }): Promise<MyStudy[]> {
  const me = requireRole(ctx, "clinician");
  const db = getDb();
  return db
    .select({ id: veraStudies.id, name: veraStudies.name, mode: veraStudies.mode, rubricId: veraStudies.rubricId })
    .from(veraStudyClinicians)
    .innerJoin(veraStudies, eq(veraStudies.id, veraStudyClinicians.studyId))
    .where(eq(veraStudyClinicians.userId, me.id))
    .orderBy(desc(veraStudies.id))
    .all()
    .map(({ rubricId, ...study }) => {
      const d = loadRubric(db, rubricId).rubric.dimensions.length;
      const queue = queueOf(db, study.id, me.id);
      const done = queue.filter((q) => q.rated >= d).length;
      return { ...study, total: queue.length, done, next: queue.find((q) => q.rated < d)?.number ?? null };
    });
}
