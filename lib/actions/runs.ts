"use server";

import { revalidatePath } from "next/cache";
import { act } from "@/lib/auth/respond";
import { changeRunStatus } from "@/lib/server/runs/changeRunStatus";
import { estimateRun } from "@/lib/server/runs/estimateRun";
import { startRun } from "@/lib/server/runs/startRun";
import type { z } from "zod";
import type { RunRequest } from "@/lib/server/runs/schema";

// Public endpoints: each service checks the lead role and parses the input itself.
export async function estimateRunAction(input: z.input<typeof RunRequest>) {
  return act((ctx) => estimateRun({ ctx, input }));
}

export async function startRunAction(input: z.input<typeof RunRequest>) {
  return act(async (ctx) => {
    const started = await startRun({ ctx, input });
    revalidatePath("/runs");
    return started;
  });
}

export async function changeRunStatusAction(input: { runId: number; action: "pause" | "resume" | "cancel" }) {
  return act(async (ctx) => {
    const changed = await changeRunStatus({ ctx, input });
    revalidatePath("/runs");
    return changed;
  });
}
