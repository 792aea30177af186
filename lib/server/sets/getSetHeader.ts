import "server-only";
import { z } from "zod";
import { getDb } from "@/db/client";
import type { Ctx } from "@/lib/server/context";
import { requireRole } from "@/lib/server/guard";
import { SetIdParam } from "@/lib/calibration/schema";
import { loadSetScope } from "./setScope";

export const SetHeaderParams = z.strictObject({ setId: SetIdParam });

/** A set's id and name for a page heading (NotFound when the id names no set). */
export async function getSetHeader({ ctx, input }: { ctx: Ctx; input: z.input<typeof SetHeaderParams> }): Promise<{ id: number; name: string; open: boolean }> {
  requireRole(ctx, "lead");
  const { setId } = SetHeaderParams.parse(input);
  return loadSetScope(getDb(), setId).set;
}
