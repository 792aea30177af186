import "server-only";
import { z } from "zod";
import { getDb } from "@/db/client";
import type { Ctx } from "@/lib/server/context";
import { requireRole } from "@/lib/server/guard";
import { readFreezes, type StoredFreeze } from "./freezeRecord";
import { SetIdParam } from "@/lib/calibration/schema";
import { loadSetScope } from "@/lib/server/sets/setScope";

export const ListFreezesParams = z.strictObject({ setId: SetIdParam.optional() });

/** Frozen panels, oldest first — of one set (its history) or of every set. */
export async function listFreezes({ ctx, input }: { ctx: Ctx; input: z.input<typeof ListFreezesParams> }): Promise<StoredFreeze[]> {
  requireRole(ctx, "lead");
  const { setId } = ListFreezesParams.parse(input);
  const db = getDb();
  if (setId !== undefined) loadSetScope(db, setId);
  return readFreezes(db, { setId });
}
