import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { RatingScreen } from "@/components/vera/rating-screen";
import { getCtx, requirePageUser } from "@/lib/auth/ctx";
import { orNotFound } from "@/lib/auth/pageData";
import { env } from "@/lib/env";
import { getRatingView } from "@/lib/server/vera/getRatingView";

interface Params {
  params: Promise<{ studyId: string; number: string }>;
}

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  return { title: `Conversation ${(await params).number}` };
}

export default async function RatingPage({ params }: Params) {
  const me = await requirePageUser("clinician");
  const { studyId, number } = await params;
  const view = await orNotFound(getRatingView({ ctx: await getCtx(), input: { studyId, number } }));
  // The content notice comes before a clinician's first conversation of a study.
  if (!view.noticeAcknowledged) redirect(`/conversations/${view.study.id}`);
  return <RatingScreen key={view.number} view={view} userId={me.id} breakMinutes={env().CONCORD_BREAK_MINUTES} />;
}
