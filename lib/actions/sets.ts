"use server";

import { revalidatePath } from "next/cache";
import { act } from "@/lib/auth/respond";
import { closeCalibrationSet } from "@/lib/server/sets/closeCalibrationSet";
import { createCalibrationSet } from "@/lib/server/sets/createCalibrationSet";
import { previewCalibrationSet } from "@/lib/server/sets/previewCalibrationSet";
import type { CalibrationSetPlanInput, CreateCalibrationSetInput } from "@/lib/server/sets/schema";

// Public endpoints: each service checks the lead role and parses the input itself.
export async function previewSetAction(input: CalibrationSetPlanInput) {
  return act((ctx) => previewCalibrationSet({ ctx, input }));
}

export async function createSetAction(input: CreateCalibrationSetInput) {
  return act(async (ctx) => {
    const created = await createCalibrationSet({ ctx, input });
    revalidatePath("/calibration");
    return created;
  });
}

/** Closes the set (lead; the service checks): its labels lock. */
export async function closeSetAction(input: { setId: number }) {
  return act(async (ctx) => {
    const closed = await closeCalibrationSet({ ctx, input });
    revalidatePath(`/calibration/sets/${input.setId}`);
    return closed;
  });
}
