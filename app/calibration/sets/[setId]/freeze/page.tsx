import type { Metadata } from "next";
import { FreezeForm } from "@/components/freeze/freeze-form";
import { FreezeHistory } from "@/components/freeze/freeze-history";
import { SetTabs } from "@/components/sets/set-tabs";
import { PageHeader } from "@/components/ui/page-header";
import { getCtx, requirePageUser } from "@/lib/auth/ctx";
import { orNotFound } from "@/lib/auth/pageData";
import { getSelectionRule } from "@/lib/server/freeze/getSelectionRule";
import { getSetHeader } from "@/lib/server/sets/getSetHeader";
import { listFreezes } from "@/lib/server/freeze/listFreezes";
import { ReportParams } from "@/lib/server/reports/setReports";

export const metadata: Metadata = { title: "Freeze a panel" };

export default async function FreezePage({ params, searchParams }: { params: Promise<{ setId: string }>; searchParams: Promise<Record<string, string | undefined>> }) {
  await requirePageUser("lead");
  const ctx = await getCtx();
  const { setId } = await params;
  const set = await orNotFound(getSetHeader({ ctx, input: { setId } }));
  const query = await searchParams;
  const judges = query.judges ? query.judges.split(",") : null;
  const view = ReportParams.safeParse({ setId, selection: query.selection, panelSize: judges?.length ?? query.panelSize, minCoverage: query.minCoverage });
  const initial = view.success ? view.data : ReportParams.parse({ setId });
  const [rule, freezes] = await Promise.all([getSelectionRule({ ctx, input: { setId } }), listFreezes({ ctx, input: { setId } })]);
  const current = freezes.find((f) => f.supersededBy === null)?.record ?? null;
  return (
    <>
      <PageHeader title={`Freeze a panel: ${set.name}`}>
        A frozen panel grades every model from now on. The record can never be edited or deleted; a later freeze must
        name the one it supersedes and say why.
      </PageHeader>
      <SetTabs setId={set.id} />
      <div className="space-y-12">
        <FreezeForm
          setId={set.id}
          setOpen={set.open}
          initial={{ selection: initial.selection, panelSize: initial.panelSize, minCoverage: initial.minCoverage, judges }}
          rule={rule}
          current={current && { id: current.id, judges: current.judges }}
        />
        <section aria-labelledby="history" className="space-y-4">
          <h2 id="history" className="text-xl font-semibold text-slate-900">History</h2>
          <FreezeHistory freezes={freezes} />
        </section>
      </div>
    </>
  );
}
