import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { freezeSnapshots } from "@/db/schema";
import type { Ctx } from "@/lib/server/context";
import { NotFound } from "@/lib/server/errors";
import { requireRole } from "@/lib/server/guard";
import { FreezeRecordParams } from "./getFreezeRecord";

/** The kept snapshot of a freeze's inputs, as the bundle text it was stored as. */
export async function getFreezeSnapshot({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<{ id: number; bundle: string }> {
  requireRole(ctx, "lead");
  const { id } = FreezeRecordParams.parse(input);
  const kept = getDb().select().from(freezeSnapshots).where(eq(freezeSnapshots.freezeId, id)).get();
  if (!kept) throw new NotFound("This frozen panel has no kept snapshot (it was frozen before snapshots were kept).");
  return { id, bundle: kept.bundle };
}
