import "server-only";
import { getDb } from "@/db/client";
import type { Ctx } from "@/lib/server/context";
import { requireRole } from "@/lib/server/guard";
import { readEndpoints, type EndpointView } from "./read";

/** Every endpoint, by name. */
export async function listEndpoints({ ctx }: { ctx: Ctx }): Promise<EndpointView[]> {
  requireRole(ctx, "lead");
  return readEndpoints(getDb());
}
