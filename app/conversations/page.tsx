import type { Metadata } from "next";
import Link from "next/link";
import { Notice } from "@/components/ui/notice";
import { PageHeader } from "@/components/ui/page-header";
import { Progress } from "@/components/ui/progress";
import { cardClass } from "@/components/ui/styles";
import { getCtx, requirePageUser } from "@/lib/auth/ctx";
import { listMyStudies } from "@/lib/server/vera/listMyStudies";

export const metadata: Metadata = { title: "Conversations" };

export default async function ConversationsPage() {
  await requirePageUser("clinician");
  const studies = await listMyStudies({ ctx: await getCtx() });
  return (
    <>
      <PageHeader title="Conversations">
        The studies in which you rate whole conversations. Take your time, and take breaks — every rating is saved the moment you give it.
      </PageHeader>
      {studies.length === 0 ? (
        <Notice tone="info">No study is assigned to you yet.</Notice>
      ) : (
        <ul className="space-y-4">
          {studies.map((s) => (
            <li key={s.id} className={cardClass}>
              <h2 className="text-lg font-semibold">
                <Link href={`/conversations/${s.id}`} className="text-accent-strong underline underline-offset-2">
                  {s.name}
                </Link>
              </h2>
              <p className="mt-1 text-sm text-slate-600">{s.mode === "direct" ? "Rate each dimension directly." : "Answer the rubric's questions one at a time."}</p>
              <div className="mt-3">
                <Progress label="Conversations rated" done={s.done} total={s.total} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
