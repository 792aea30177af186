import type { Metadata } from "next";
import Link from "next/link";
import { ContentNotice } from "@/components/labeling/content-notice";
import { PageHeader } from "@/components/ui/page-header";
import { Progress } from "@/components/ui/progress";
import { buttonClass } from "@/components/ui/styles";
import { acknowledgeStudyNoticeAction } from "@/lib/actions/vera";
import { getCtx, requirePageUser } from "@/lib/auth/ctx";
import { orNotFound } from "@/lib/auth/pageData";
import { getStudyQueue } from "@/lib/server/vera/getStudyQueue";

export const metadata: Metadata = { title: "Study queue" };

export default async function StudyQueuePage({ params }: { params: Promise<{ studyId: string }> }) {
  await requirePageUser("clinician");
  const { studyId } = await params;
  const queue = await orNotFound(getStudyQueue({ ctx: await getCtx(), input: { studyId } }));
  const { study, entries } = queue;
  return (
    <>
      <PageHeader title={study.name}>{study.mode === "direct" ? "Rate each dimension of each conversation directly." : "Answer the rubric's questions about each conversation, one at a time."}</PageHeader>
      {!queue.noticeAcknowledged ? (
        <ContentNotice setId={study.id} acknowledge={acknowledgeStudyNoticeAction} />
      ) : (
        <div className="space-y-6">
          <Progress label="Conversations rated" done={entries.filter((e) => e.done).length} total={entries.length} />
          {queue.resumeAt ? (
            <Link href={`/conversations/${study.id}/${queue.resumeAt}`} className={buttonClass}>
              Continue with conversation {queue.resumeAt}
            </Link>
          ) : null}
          <ol className="grid gap-2 sm:grid-cols-3">
            {entries.map((e) => (
              <li key={e.number}>
                <Link href={`/conversations/${study.id}/${e.number}`} className="underline underline-offset-2">
                  Conversation {e.number}
                </Link>{" "}
                <span className="text-sm text-slate-600">{e.done ? "rated" : "to rate"}</span>
              </li>
            ))}
          </ol>
        </div>
      )}
    </>
  );
}
