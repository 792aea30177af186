import type { Metadata } from "next";
import { ReportView } from "@/components/report/report-view";
import { SetTabs } from "@/components/sets/set-tabs";
import { PageHeader } from "@/components/ui/page-header";
import { getCtx, requirePageUser } from "@/lib/auth/ctx";
import { orNotFound } from "@/lib/auth/pageData";
import { listSimulatedJudges } from "@/lib/server/models/listSimulatedJudges";
import { getSetHeader } from "@/lib/server/sets/getSetHeader";
import { ReportParams } from "@/lib/server/reports/setReports";

export const metadata: Metadata = { title: "Calibration report" };

export default async function ReportPage({ params, searchParams }: { params: Promise<{ setId: string }>; searchParams: Promise<Record<string, string | undefined>> }) {
  await requirePageUser("lead");
  const { setId } = await params;
  const ctx = await getCtx();
  const [set, simulatedJudges] = await Promise.all([orNotFound(getSetHeader({ ctx, input: { setId } })), listSimulatedJudges({ ctx })]);
  const query = await searchParams;
  const view = ReportParams.safeParse({ setId, selection: query.selection, panelSize: query.panelSize, minCoverage: query.minCoverage });
  const initial = view.success ? view.data : ReportParams.parse({ setId });
  return (
    <>
      <PageHeader title={`Calibration report: ${set.name}`}>
        How well every candidate judge and every panel of judges agrees with the clinicians&apos; consensus, and how
        fragile the ranking is.
      </PageHeader>
      <SetTabs setId={set.id} />
      <ReportView setId={set.id} initial={{ selection: initial.selection, panelSize: initial.panelSize, minCoverage: initial.minCoverage }} simulatedJudges={simulatedJudges} />
    </>
  );
}
