"use server";

import { redirect } from "next/navigation";
import { act } from "@/lib/auth/respond";
import { acknowledgeContentNotice } from "@/lib/server/labeling/acknowledgeContentNotice";
import { getQueue } from "@/lib/server/labeling/getQueue";

/** The clinician has read the content notice: record it, then open where their queue resumes. */
export async function acknowledgeNoticeAction(input: { setId: number }) {
  const result = await act(async (ctx) => {
    await acknowledgeContentNotice({ ctx, input });
    return (await getQueue({ ctx, input })).resumeAt;
  });
  if (result.ok) redirect(`/label/${input.setId}/${result.data}`);
  return result;
}
