import "server-only";
import { getDb } from "@/db/client";
import type { Ctx } from "@/lib/server/context";
import { requireRole } from "@/lib/server/guard";
import { readTargetModels, type TargetModelView } from "./read";

/** Every target model, by id, with its endpoint, decoding, system prompt and call count. */
export async function listTargetModels({ ctx }: { ctx: Ctx }): Promise<TargetModelView[]> {
  requireRole(ctx, "lead");
  return readTargetModels(getDb());
}
