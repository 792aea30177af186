import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { LabelingScreen } from "@/components/labeling/labeling-screen";
import { getCtx, requirePageUser } from "@/lib/auth/ctx";
import { orNotFound } from "@/lib/auth/pageData";
import { env } from "@/lib/env";
import { getLabelingView } from "@/lib/server/labeling/getLabelingView";

interface Params {
  params: Promise<{ setId: string; number: string }>;
}

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  return { title: `Response ${(await params).number}` };
}

export default async function LabelPage({ params }: Params) {
  const me = await requirePageUser("clinician");
  const { setId, number } = await params;
  const view = await orNotFound(getLabelingView({ ctx: await getCtx(), input: { setId, number } }));
  // The content notice comes before a clinician's first response of a set.
  if (!view.noticeAcknowledged) redirect(`/queue/${view.set.id}`);
  return <LabelingScreen key={view.number} view={view} userId={me.id} breakMinutes={env().CONCORD_BREAK_MINUTES} />;
}
