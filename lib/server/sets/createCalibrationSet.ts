import "server-only";
import { getDb } from "@/db/client";
import { audit } from "@/lib/server/audit";
import { insertCalibrationSet } from "./insertCalibrationSet";
import type { Ctx } from "@/lib/server/context";
import { requireRole } from "@/lib/server/guard";
import { planCalibrationSet } from "./plan";
import { CreateCalibrationSetInput } from "./schema";

/**
 * Draws and writes a calibration set in one transaction: the plan is drawn again
 * from the input (never taken from the browser), each item's current published
 * rubric version is pinned, and every clinician gets their own seeded order.
 */
export async function createCalibrationSet({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<{ setId: number }> {
  const lead = requireRole(ctx, "lead");
  const parsed = CreateCalibrationSetInput.parse(input);
  const setId = getDb().transaction(
    (tx) => {
      const plan = planCalibrationSet(tx, parsed);
      const now = new Date();
      const id = insertCalibrationSet(tx, { name: parsed.name, seed: parsed.seed, itemIds: plan.itemIds, responseIds: plan.responseIds, clinicianIds: plan.clinicianIds, createdBy: lead.id }, now);
      audit(tx, {
        actor: lead.id,
        action: "calibration_set.create",
        entity: "calibration_set",
        entityId: id,
        detail: { name: parsed.name, seed: parsed.seed, draw: parsed.draw.kind, responsesPerItem: parsed.responsesPerItem, items: plan.itemIds.length, responses: plan.responseIds.length, clinicians: plan.clinicianIds },
      }, now);
      return id;
    },
    { behavior: "immediate" },
  );
  return { setId };
}
