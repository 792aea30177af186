import type { Metadata } from "next";
import { RevisionStatsTable } from "@/components/rubric/revision-stats-table";
import { PageHeader } from "@/components/ui/page-header";
import { secondaryButtonClass } from "@/components/ui/styles";
import { getCtx, requirePageUser } from "@/lib/auth/ctx";
import { getRevisionStats } from "@/lib/server/authoring/getRevisionStats";

export const metadata: Metadata = { title: "Revision statistics" };

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export default async function RevisionsPage() {
  await requirePageUser("author", "lead");
  const { stats, undraftedItems } = await getRevisionStats({ ctx: await getCtx() });
  const { overall } = stats;
  const share = overall.drafted > 0 ? `${((overall.rewritten / overall.drafted) * 100).toFixed(1)}%` : "—";
  return (
    <>
      <PageHeader title="Revision statistics">
        How authors revised model-drafted rubrics, from each criterion&apos;s first published wording to the latest version.{" "}
        {undraftedItems > 0 ? `${count(undraftedItems, "item whose rubric was", "items whose rubrics were")} written without a model draft ${undraftedItems === 1 ? "is" : "are"} not counted.` : null}
      </PageHeader>
      <div className="space-y-6">
        <p className="text-slate-800">
          {count(stats.items, "item", "items")} drafted by a model: {count(overall.drafted, "drafted criterion", "drafted criteria")}, of which{" "}
          {overall.keptAsDrafted} kept as drafted and {overall.rewritten} rewritten ({share}); {count(overall.added, "criterion", "criteria")} added in{" "}
          {count(overall.itemsWithAdditions, "item", "items")}; {overall.removed} removed; {count(overall.weightChanges, "weight change", "weight changes")}.
        </p>
        <RevisionStatsTable stats={stats} />
        <a href="/api/authoring/revision-stats?format=csv" download className={secondaryButtonClass}>
          Download as CSV
        </a>
      </div>
    </>
  );
}
