import "server-only";
import { getDb } from "@/db/client";
import type { Ctx } from "@/lib/server/context";
import { requireRole } from "@/lib/server/guard";
import { planCalibrationSet, type SetPlan } from "./plan";
import { CalibrationSetPlanInput } from "./schema";

export type SetPreview = Omit<SetPlan, "responseIds" | "clinicianIds"> & { responses: number; clinicians: number };

/** What a set drawn with these choices would hold, before anything is written. */
export async function previewCalibrationSet({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<SetPreview> {
  requireRole(ctx, "lead");
  const parsed = CalibrationSetPlanInput.parse(input);
  const { responseIds, clinicianIds, ...plan } = planCalibrationSet(getDb(), parsed);
  return { ...plan, responses: responseIds.length, clinicians: clinicianIds.length };
}
