import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/ui/page-header";
import { Notice } from "@/components/ui/notice";
import { secondaryButtonClass } from "@/components/ui/styles";
import { NewStudyForm } from "@/components/vera/new-study-form";
import { getCtx, requirePageUser } from "@/lib/auth/ctx";
import { listSetCandidates } from "@/lib/server/sets/listSetCandidates";
import { listFlowRubrics } from "@/lib/server/vera/listFlowRubrics";
import { listStudies } from "@/lib/server/vera/listStudies";

export const metadata: Metadata = { title: "Studies" };

export default async function StudiesPage() {
  await requirePageUser("lead");
  const ctx = await getCtx();
  const [{ studies, conversations }, rubrics, { clinicians }] = await Promise.all([listStudies({ ctx }), listFlowRubrics({ ctx }), listSetCandidates({ ctx })]);
  return (
    <>
      <PageHeader title="Studies">
        Flow-rubric studies in VERA-MH&apos;s style: clinicians rate whole conversations, dimension by dimension, blind to the model.
      </PageHeader>
      <p className="mb-6">
        <Link href="/studies/import" className={secondaryButtonClass}>
          Import rubrics, conversations and judge results
        </Link>
      </p>
      <section aria-labelledby="study-list" className="mb-8">
        <h2 id="study-list" className="mb-2 text-lg font-semibold text-slate-900">
          Every study
        </h2>
        {studies.length === 0 ? (
          <Notice tone="info">No study yet.</Notice>
        ) : (
          <ul className="space-y-1">
            {studies.map((s) => (
              <li key={s.id}>
                <Link href={`/studies/${s.id}`} className="font-medium text-accent-strong underline underline-offset-2">
                  {s.name}
                </Link>{" "}
                <span className="text-sm text-slate-600">
                  {s.mode} · {s.rubric}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <NewStudyForm rubrics={rubrics} conversations={conversations} clinicians={clinicians} />
    </>
  );
}
