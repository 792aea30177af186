import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { endpoints, judges } from "@/db/schema";
import type { Ctx } from "@/lib/server/context";
import { requireRole } from "@/lib/server/guard";

/** The ids of the judges on a simulated endpoint (the demo simulator's): their verdicts are simulated. */
export async function listSimulatedJudges({ ctx }: { ctx: Ctx }): Promise<string[]> {
  requireRole(ctx, "lead");
  return getDb()
    .select({ id: judges.id })
    .from(judges)
    .innerJoin(endpoints, eq(endpoints.id, judges.endpointId))
    .where(eq(endpoints.simulated, true))
    .orderBy(judges.id)
    .all()
    .map((j) => j.id);
}
