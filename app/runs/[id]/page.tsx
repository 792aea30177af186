import type { Metadata } from "next";
import Link from "next/link";
import { RunProgressView } from "@/components/runs/run-progress";
import { PageHeader } from "@/components/ui/page-header";
import { getCtx, requirePageUser } from "@/lib/auth/ctx";
import { orNotFound } from "@/lib/auth/pageData";
import { getRunProgress } from "@/lib/server/runs/getRunProgress";
import { RunsTabs } from "@/components/runs/runs-tabs";

export const metadata: Metadata = { title: "Run" };

export default async function RunPage({ params }: { params: Promise<{ id: string }> }) {
  await requirePageUser("lead");
  const { id } = await params;
  const run = await orNotFound(getRunProgress({ ctx: await getCtx(), input: { runId: id } }));
  return (
    <>
      <PageHeader title={`Run #${run.id}: ${run.title}`}>
        <Link href="/runs" className="font-medium text-accent-strong underline underline-offset-2">Every run</Link>
      </PageHeader>
      <RunsTabs />
      <RunProgressView initial={run} />
    </>
  );
}
