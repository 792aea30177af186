import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/ui/page-header";
import { Progress } from "@/components/ui/progress";
import { secondaryButtonClass } from "@/components/ui/styles";
import { RatingsImportForm } from "@/components/vera/import-forms";
import { StudyFigures } from "@/components/vera/study-figures";
import { getCtx, requirePageUser } from "@/lib/auth/ctx";
import { orNotFound } from "@/lib/auth/pageData";
import { getStudyOverview } from "@/lib/server/vera/getStudyOverview";

export const metadata: Metadata = { title: "Study" };

export default async function StudyPage({ params }: { params: Promise<{ studyId: string }> }) {
  await requirePageUser("lead");
  const { studyId } = await params;
  const overview = await orNotFound(getStudyOverview({ ctx: await getCtx(), input: { studyId } }));
  const { study, rubric, clinicians, conversations } = overview;
  return (
    <>
      <PageHeader title={study.name}>
        {study.mode === "direct" ? "Direct rating" : "Guided rating"} with {rubric.name} v{rubric.version}; {conversations.length} conversations, {study.perConversation} clinicians each
        (seed {study.seed}).
      </PageHeader>
      <nav aria-label="Exports" className="mb-6 flex flex-wrap gap-2">
        <a href={`/studies/${study.id}/results.csv`} className={secondaryButtonClass}>
          Export results.csv
        </a>
        <a href={`/studies/${study.id}/scores.json`} className={secondaryButtonClass}>
          Export scores.json
        </a>
        <Link href="/studies" className={secondaryButtonClass}>
          Every study
        </Link>
      </nav>
      <div className="mb-8 grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="progress" className="space-y-3">
          <h2 id="progress" className="text-lg font-semibold text-slate-900">
            Progress
          </h2>
          {clinicians.map((c) => (
            <Progress key={c.id} label={c.name} done={c.done} total={c.assigned} />
          ))}
        </section>
        <RatingsImportForm studyId={study.id} />
      </div>
      <StudyFigures overview={overview} />
    </>
  );
}
