import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { ConversationImportForm, JudgeResultsImportForm, PersonasImportForm, RubricImportForm } from "@/components/vera/import-forms";
import { RubricVersions } from "@/components/vera/rubric-versions";
import { getCtx, requirePageUser } from "@/lib/auth/ctx";
import { orNotFound } from "@/lib/auth/pageData";
import { diffFlowRubricVersions } from "@/lib/server/vera/diffFlowRubricVersions";
import { listFlowRubrics } from "@/lib/server/vera/listFlowRubrics";

export const metadata: Metadata = { title: "Study imports" };

interface Props {
  searchParams: Promise<{ from?: string; to?: string }>;
}

export default async function StudyImportPage({ searchParams }: Props) {
  await requirePageUser("lead");
  const ctx = await getCtx();
  const { from, to } = await searchParams;
  const rubrics = await listFlowRubrics({ ctx });
  const diff = from && to ? await orNotFound(diffFlowRubricVersions({ ctx, input: { fromId: from, toId: to } })) : null;
  return (
    <>
      <PageHeader title="Study imports">
        Every import is all or nothing: a file with any problem is refused whole, each problem named as <code>file:line: column: reason</code>.
      </PageHeader>
      <div className="grid gap-6 lg:grid-cols-2">
        <RubricImportForm />
        <ConversationImportForm />
        <JudgeResultsImportForm />
        <PersonasImportForm />
        <RubricVersions rubrics={rubrics} from={from ?? null} to={to ?? null} diff={diff} />
      </div>
    </>
  );
}
