import "server-only";
import { z } from "zod";
import { getDb } from "@/db/client";
import { loadSetInput } from "@/lib/server/sets/setInput";
import type { Ctx } from "@/lib/server/context";
import { requireRole } from "@/lib/server/guard";
import { coverageOf, type Coverage } from "./coverage";
import { SetIdParam } from "@/lib/calibration/schema";
import { loadSetScope } from "@/lib/server/sets/setScope";

export const CoverageParams = z.strictObject({ setId: SetIdParam });

export interface SetCoverage extends Coverage {
  set: { id: number; name: string };
}

/** How many of a set's units each judge has verdicts on, is missing (null) or lacks; and units no judge covers. */
export async function getCoverage({ ctx, input }: { ctx: Ctx; input: z.input<typeof CoverageParams> }): Promise<SetCoverage> {
  requireRole(ctx, "lead");
  const { setId } = CoverageParams.parse(input);
  const db = getDb();
  const { set } = loadSetScope(db, setId);
  return { set, ...coverageOf(loadSetInput(db, setId)) };
}
