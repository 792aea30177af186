import "server-only";
import { asc } from "drizzle-orm";
import { getDb } from "@/db/client";
import { veraRubrics } from "@/db/schema";
import type { Ctx } from "@/lib/server/context";
import { requireRole } from "@/lib/server/guard";

export interface FlowRubricVersion {
  id: number;
  name: string;
  version: number;
  createdAt: Date;
}

/** Every flow rubric version, by name then version. Lead only. */
export async function listFlowRubrics({ ctx }: { ctx: Ctx }): Promise<FlowRubricVersion[]> {
  requireRole(ctx, "lead");
  return getDb()
    .select({ id: veraRubrics.id, name: veraRubrics.name, version: veraRubrics.version, createdAt: veraRubrics.createdAt })
    .from(veraRubrics)
    .orderBy(asc(veraRubrics.name), asc(veraRubrics.version))
    .all();
}
