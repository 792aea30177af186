import "server-only";
import { z } from "zod";
import { getDb } from "@/db/client";
import type { Ctx } from "@/lib/server/context";
import { requireRole } from "@/lib/server/guard";
import { readRule, type RuleView } from "./readRule";
import { SetIdParam } from "@/lib/calibration/schema";
import { loadSetScope } from "@/lib/server/sets/setScope";

export const SelectionRuleParams = z.strictObject({ setId: SetIdParam });

/** The set's pre-registered selection rule, or null. */
export async function getSelectionRule({ ctx, input }: { ctx: Ctx; input: z.input<typeof SelectionRuleParams> }): Promise<RuleView | null> {
  requireRole(ctx, "lead");
  const { setId } = SelectionRuleParams.parse(input);
  const db = getDb();
  loadSetScope(db, setId);
  return readRule(db, setId);
}
