import type { Metadata } from "next";
import { Agreement } from "@/components/sets/agreement";
import { ClinicianProgress } from "@/components/sets/clinician-progress";
import { CloseSet } from "@/components/sets/close-set";
import { Disagreements } from "@/components/sets/disagreements";
import { LabelerStats } from "@/components/sets/labeler-stats";
import { SetFlags } from "@/components/sets/set-flags";
import { SetTabs } from "@/components/sets/set-tabs";
import { PageHeader } from "@/components/ui/page-header";
import { getCtx, requirePageUser } from "@/lib/auth/ctx";
import { orNotFound } from "@/lib/auth/pageData";
import { getSetOverview } from "@/lib/server/sets/getSetOverview";
import { getLabelerStats } from "@/lib/server/sets/getLabelerStats";
import { listDisagreements } from "@/lib/server/sets/listDisagreements";
import { listSetFlags } from "@/lib/server/sets/listSetFlags";
import { listSplitRates } from "@/lib/server/sets/listSplitRates";

export const metadata: Metadata = { title: "Calibration set" };

const DATE = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short" });
const linkClass = "font-medium text-accent-strong underline underline-offset-2";

export default async function SetPage({ params }: { params: Promise<{ setId: string }> }) {
  await requirePageUser("lead");
  const { setId } = await params;
  const ctx = await getCtx();
  const overview = await orNotFound(getSetOverview({ ctx, input: { setId } }));
  const splits = await listDisagreements({ ctx, input: { setId: overview.set.id } });
  const flags = await listSetFlags({ ctx, input: { setId: overview.set.id } });
  const rates = await listSplitRates({ ctx, input: { setId: overview.set.id } });
  const stats = await getLabelerStats({ ctx, input: { setId: overview.set.id } });
  const { set } = overview;
  return (
    <>
      <PageHeader title={set.name}>
        {set.status === "open" ? "Open for labeling" : `Closed ${set.closedAt ? DATE.format(set.closedAt) : ""}: labels are locked`} ·{" "}
        {overview.items} items, {overview.responses} responses, {overview.units.total} units · seed {set.seed} · drawn by {set.createdBy} on{" "}
        {DATE.format(set.createdAt)}
      </PageHeader>
      <SetTabs setId={set.id} />
      <div className="space-y-10">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <p className="flex flex-wrap gap-4">
            <a href={`/calibration/sets/${set.id}/labels/bundle`} className={linkClass}>
              Export the set (bundle: labels and verdicts)
            </a>
            <a href={`/calibration/sets/${set.id}/labels/csv`} className={linkClass}>
              Export labels (CSV)
            </a>
          </p>
          {set.status === "open" ? <CloseSet setId={set.id} /> : null}
        </div>
        <ClinicianProgress clinicians={overview.clinicians} />
        <LabelerStats stats={stats} />
        <Agreement overview={overview} />
        <Disagreements setId={set.id} items={splits} rates={rates} />
        <SetFlags flags={flags} />
      </div>
    </>
  );
}
