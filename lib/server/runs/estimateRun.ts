import "server-only";
import { getDb } from "@/db/client";
import type { Ctx } from "@/lib/server/context";
import { requireRole } from "@/lib/server/guard";
import { planRun, type RunEstimate } from "./planRun";
import { RunRequest } from "./schema";

/** What a run would do before it is started: its calls, estimated tokens and cost. */
export async function estimateRun({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<RunEstimate & { title: string }> {
  requireRole(ctx, "lead");
  const plan = planRun(getDb(), RunRequest.parse(input));
  return { title: plan.title, ...plan.estimate };
}
