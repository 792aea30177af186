"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { act } from "@/lib/auth/respond";
import type { Ctx } from "@/lib/server/context";
import { acknowledgeStudyNotice } from "@/lib/server/vera/acknowledgeStudyNotice";
import { createStudy } from "@/lib/server/vera/createStudy";
import { importClinicianRatings } from "@/lib/server/vera/importClinicianRatings";
import { importConversations } from "@/lib/server/vera/importConversations";
import { importFlowRubric } from "@/lib/server/vera/importFlowRubric";
import { importJudgeResults } from "@/lib/server/vera/importJudgeResults";
import { importPersonas } from "@/lib/server/vera/importPersonas";
import { listMyStudies } from "@/lib/server/vera/listMyStudies";
import { saveAnswer } from "@/lib/server/vera/saveAnswer";
import { saveRating } from "@/lib/server/vera/saveRating";

// Each action is a public endpoint: the service checks the role and parses the input
// itself, whatever the page around it did.
function veraAction<T>(service: (args: { ctx: Ctx; input: unknown }) => Promise<T>, page: string | null) {
  return (input: unknown) =>
    act(async (ctx) => {
      const result = await service({ ctx, input });
      if (page) revalidatePath(page, "layout");
      return result;
    });
}

export async function importFlowRubricAction(input: unknown) {
  return veraAction(importFlowRubric, "/studies")(input);
}

export async function importConversationsAction(input: unknown) {
  return veraAction(importConversations, "/studies")(input);
}

export async function importJudgeResultsAction(input: unknown) {
  return veraAction(importJudgeResults, "/studies")(input);
}

export async function importPersonasAction(input: unknown) {
  return veraAction(importPersonas, "/studies")(input);
}

export async function importClinicianRatingsAction(input: unknown) {
  return veraAction(importClinicianRatings, "/studies")(input);
}

export async function createStudyAction(input: unknown) {
  return veraAction(createStudy, "/studies")(input);
}

export async function saveRatingAction(input: unknown) {
  return veraAction(saveRating, null)(input);
}

export async function saveAnswerAction(input: unknown) {
  return veraAction(saveAnswer, null)(input);
}

/** The clinician has read the study's content notice: record it, then open where their queue resumes. */
export async function acknowledgeStudyNoticeAction(input: { setId: number }) {
  const result = await act(async (ctx) => {
    await acknowledgeStudyNotice({ ctx, input: { studyId: input.setId } });
    return (await listMyStudies({ ctx })).find((s) => s.id === input.setId)?.next ?? 1;
  });
  if (result.ok) redirect(`/conversations/${input.setId}/${result.data}`);
  return result;
}
