import "server-only";
import { getDb } from "@/db/client";
import type { Ctx } from "@/lib/server/context";
import { requireRole } from "@/lib/server/guard";
import { readJudges, type JudgeView } from "./read";

/** Every judge Concord can run, by id, with its endpoint, decoding, template and call count. */
export async function listJudges({ ctx }: { ctx: Ctx }): Promise<JudgeView[]> {
  requireRole(ctx, "lead");
  return readJudges(getDb());
}
