import "server-only";
import { getDb } from "@/db/client";
import type { Ctx } from "@/lib/server/context";
import { requireRole } from "@/lib/server/guard";
import { userSummaries, type UserSummary } from "./read";

export async function listUsers({ ctx }: { ctx: Ctx }): Promise<UserSummary[]> {
  requireRole(ctx, "lead");
  return userSummaries(getDb());
}
