import "server-only";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "@/db/client";
import { frozenPanels, selectionRules } from "@/db/schema";
import { SelectionRule } from "@/lib/freeze/rule";
import { audit } from "@/lib/server/audit";
import type { Ctx } from "@/lib/server/context";
import { Conflict } from "@/lib/server/errors";
import { requireRole } from "@/lib/server/guard";
import { firstVerdictAt, readRule, type RuleView } from "./readRule";
import { SetIdParam } from "@/lib/calibration/schema";
import { loadSetScope } from "@/lib/server/sets/setScope";

export const RecordSelectionRuleInput = z.strictObject({ setId: SetIdParam, rule: SelectionRule });

/**
 * Pre-registers how a set's panel will be chosen. Once recorded it cannot be changed
 * (a pre-registration that could be rewritten after seeing the numbers would prove
 * nothing), and none can be recorded after the set is frozen. A rule recorded after
 * verdicts arrived is kept but shown as such.
 */
export async function recordSelectionRule({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<RuleView> {
  const lead = requireRole(ctx, "lead");
  const { setId, rule } = RecordSelectionRuleInput.parse(input);
  const db = getDb();
  return db.transaction(
    (tx) => {
      loadSetScope(tx, setId);
      if (readRule(tx, setId)) throw new Conflict("This set already has a selection rule; a pre-registered rule cannot be changed.");
      if (tx.select({ id: frozenPanels.id }).from(frozenPanels).where(eq(frozenPanels.setId, setId)).get()) {
        throw new Conflict("This set has been frozen already; a rule recorded now would not be a pre-registration.");
      }
      const now = new Date();
      const { id } = tx.insert(selectionRules).values({ setId, rule: JSON.stringify(rule), createdBy: lead.id, createdAt: now }).returning({ id: selectionRules.id }).get();
      audit(tx, { actor: lead.id, action: "selection_rule.record", entity: "selection_rule", entityId: id, detail: { setId, rule, verdictsBefore: firstVerdictAt(tx, setId) !== null } }, now);
      const view = readRule(tx, setId);
      if (!view) throw new Error("the selection rule just recorded cannot be read back");
      return view;
    },
    { behavior: "immediate" },
  );
}
