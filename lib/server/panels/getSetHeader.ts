import "server-only";
import { z } from "zod";
import { getDb } from "@/db/client";
import type { Ctx } from "@/lib/server/context";
import { NotFound } from "@/lib/server/errors";
import { requireRole } from "@/lib/server/guard";
import { SetId } from "./setReports";
import { loadSetScope } from "./setScope";

export const SetHeaderParams = z.strictObject({ setId: SetId });

/** A set's id and name for a page heading; null when the id names no set (the page answers 404). */
export async function getSetHeader({ ctx, input }: { ctx: Ctx; input: z.input<typeof SetHeaderParams> }): Promise<{ id: number; name: string } | null> {
  requireRole(ctx, "lead");
  const parsed = SetHeaderParams.safeParse(input);
  if (!parsed.success) return null;
  try {
    return loadSetScope(getDb(), parsed.data.setId).set;
  } catch (error) {
    if (error instanceof NotFound) return null;
    throw error;
  }
}
