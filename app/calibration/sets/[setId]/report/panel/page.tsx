import type { Metadata } from "next";
import Link from "next/link";
import { PanelDetail } from "@/components/report/panel-detail";
import { SetTabs } from "@/components/sets/set-tabs";
import { PageHeader } from "@/components/ui/page-header";
import { Notice } from "@/components/ui/notice";
import { getCtx, requirePageUser } from "@/lib/auth/ctx";
import { orNotFound } from "@/lib/auth/pageData";
import { NotFound } from "@/lib/server/errors";
import { getPanelDetail } from "@/lib/server/reports/getPanelDetail";
import { getSetHeader } from "@/lib/server/sets/getSetHeader";
import { ZodError } from "zod";

export const metadata: Metadata = { title: "Panel detail" };

export default async function PanelPage({ params, searchParams }: { params: Promise<{ setId: string }>; searchParams: Promise<Record<string, string | undefined>> }) {
  await requirePageUser("lead");
  const ctx = await getCtx();
  const { setId } = await params;
  const set = await orNotFound(getSetHeader({ ctx, input: { setId } }));
  const query = await searchParams;
  const judges = query.judges ?? "";
  const input = { setId, judges, selection: query.selection, minCoverage: query.minCoverage };
  const detail = await getPanelDetail({ ctx, input }).catch((error: unknown) => {
    if (error instanceof NotFound || error instanceof ZodError) return null;
    throw error;
  });
  const back = `/calibration/sets/${set.id}/report?${new URLSearchParams({
    selection: query.selection === "holdout" ? "holdout" : "all",
    panelSize: String(judges.split(",").length),
    ...(detail ? { minCoverage: String(detail.minCoverage) } : {}),
  })}`;
  return (
    <>
      <PageHeader title={`Panel ${judges.split(",").join(", ")}`}>
        One panel of {set.name}.{" "}
        <Link href={back} className="font-medium text-accent-strong underline underline-offset-2">Back to the report</Link>
      </PageHeader>
      <SetTabs setId={set.id} />
      {detail ? <PanelDetail detail={detail} /> : <Notice tone="info">This set has no such panel. Choose one from the report.</Notice>}
    </>
  );
}
