"use server";

import { revalidatePath } from "next/cache";
import { act } from "@/lib/auth/respond";
import { closeCalibrationSet } from "@/lib/server/sets/closeCalibrationSet";

/** Closes the set (lead; the service checks): its labels lock. */
export async function closeSetAction(input: { setId: number }) {
  return act(async (ctx) => {
    const closed = await closeCalibrationSet({ ctx, input });
    revalidatePath(`/calibration/sets/${input.setId}`);
    return closed;
  });
}
