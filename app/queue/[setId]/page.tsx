import type { Metadata } from "next";
import { ContentNotice } from "@/components/labeling/content-notice";
import { QueueList } from "@/components/labeling/queue-list";
import { PageHeader } from "@/components/ui/page-header";
import { getCtx, requirePageUser } from "@/lib/auth/ctx";
import { orNotFound } from "@/lib/auth/pageData";
import { getQueue } from "@/lib/server/labeling/getQueue";

export const metadata: Metadata = { title: "My queue" };

export default async function SetQueuePage({ params }: { params: Promise<{ setId: string }> }) {
  await requirePageUser("clinician");
  const { setId } = await params;
  const queue = await orNotFound(getQueue({ ctx: await getCtx(), input: { setId } }));
  return (
    <>
      <PageHeader title={queue.set.name}>
        Your responses for this calibration set, in your own order. Your verdicts are saved as you give them, so you can stop at any
        time and pick up where you left off.
      </PageHeader>
      {queue.noticeAcknowledged ? <QueueList queue={queue} /> : <ContentNotice setId={queue.set.id} />}
    </>
  );
}
