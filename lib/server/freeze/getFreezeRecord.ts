import "server-only";
import { z } from "zod";
import { getDb } from "@/db/client";
import type { Ctx } from "@/lib/server/context";
import { NotFound } from "@/lib/server/errors";
import { requireRole } from "@/lib/server/guard";
import { readFreezes, type StoredFreeze } from "./freezeRecord";

export const FreezeRecordParams = z.strictObject({ id: z.coerce.number().int("must be a whole number").positive("must be positive") });

/** One frozen panel as its downloadable record. */
export async function getFreezeRecord({ ctx, input }: { ctx: Ctx; input: z.input<typeof FreezeRecordParams> }): Promise<StoredFreeze> {
  requireRole(ctx, "lead");
  const { id } = FreezeRecordParams.parse(input);
  const [found] = readFreezes(getDb(), { id });
  if (!found) throw new NotFound("There is no such frozen panel.");
  return found;
}
