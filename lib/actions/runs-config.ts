"use server";

import { revalidatePath } from "next/cache";
import { act } from "@/lib/auth/respond";
import type { Ctx } from "@/lib/server/context";
import { createEndpoint } from "@/lib/server/endpoints/createEndpoint";
import { testEndpoint } from "@/lib/server/endpoints/testEndpoint";
import { updateEndpoint } from "@/lib/server/endpoints/updateEndpoint";
import { createJudge } from "@/lib/server/models/createJudge";
import { createTargetModel } from "@/lib/server/models/createTargetModel";
import { previewJudgeTemplate } from "@/lib/server/models/previewJudgeTemplate";
import { setDescribedFamily } from "@/lib/server/models/setDescribedFamily";
import { updateJudge } from "@/lib/server/models/updateJudge";
import { updateTargetModel } from "@/lib/server/models/updateTargetModel";

// Each action is a public endpoint: the service checks the lead role and parses the
// input itself, whatever the page around it did.
function configAction<T>(service: (args: { ctx: Ctx; input: unknown }) => Promise<T>, page: string | null) {
  return (input: unknown) =>
    act(async (ctx) => {
      const result = await service({ ctx, input });
      if (page) revalidatePath(page);
      return result;
    });
}

export async function createEndpointAction(input: unknown) {
  return configAction(createEndpoint, "/runs/endpoints")(input);
}

export async function updateEndpointAction(input: unknown) {
  return configAction(updateEndpoint, "/runs/endpoints")(input);
}

export async function testEndpointAction(input: unknown) {
  return configAction(testEndpoint, null)(input);
}

export async function createJudgeAction(input: unknown) {
  return configAction(createJudge, "/runs/judges")(input);
}

export async function updateJudgeAction(input: unknown) {
  return configAction(updateJudge, "/runs/judges")(input);
}

export async function previewJudgeTemplateAction(input: unknown) {
  return configAction(previewJudgeTemplate, null)(input);
}

export async function createTargetModelAction(input: unknown) {
  return configAction(createTargetModel, "/runs/models")(input);
}

export async function updateTargetModelAction(input: unknown) {
  return configAction(updateTargetModel, "/runs/models")(input);
}

export async function setDescribedFamilyAction(input: unknown) {
  const kind = (input as { kind?: unknown } | null)?.kind;
  return configAction(setDescribedFamily, kind === "judge" ? "/runs/judges" : "/runs/models")(input);
}
