import type { Metadata } from "next";
import { RevisionStatsTable } from "@/components/rubric/revision-stats-table";
import { PageHeader } from "@/components/ui/page-header";
import { secondaryButtonClass } from "@/components/ui/styles";
import { getCtx, requirePageUser } from "@/lib/auth/ctx";
import { getRevisionStats } from "@/lib/server/authoring/getRevisionStats";

export const metadata: Metadata = { title: "Revision statistics" };

export default async function RevisionsPage() {
  await requirePageUser("author", "lead");
  const { stats, undraftedItems } = await getRevisionStats({ ctx: await getCtx() });
  const { overall } = stats;
  const share = overall.drafted > 0 ? `${((overall.rewritten / overall.drafted) * 100).toFixed(1)}%` : "—";
  return (
    <>
      <PageHeader title="Revision statistics">
        How authors revised model-drafted rubrics, from each criterion&apos;s first published wording to the latest version.{" "}
        {undraftedItems > 0 ? `${undraftedItems} items whose rubrics were written without a model draft are not counted.` : null}
      </PageHeader>
      <div className="space-y-6">
        <p className="text-slate-800">
          {stats.items} items drafted by a model: {overall.drafted} drafted criteria, of which {overall.keptAsDrafted} were kept as drafted and{" "}
          {overall.rewritten} rewritten ({share}); {overall.added} criteria added in {overall.itemsWithAdditions} items; {overall.removed} removed;{" "}
          {overall.weightChanges} weight changes.
        </p>
        <RevisionStatsTable stats={stats} />
        <a href="/api/authoring/revision-stats?format=csv" download className={secondaryButtonClass}>
          Download as CSV
        </a>
      </div>
    </>
  );
}
