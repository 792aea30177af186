import type { Metadata } from "next";
import Link from "next/link";
import { RunList } from "@/components/runs/run-list";
import { PageHeader } from "@/components/ui/page-header";
import { buttonClass } from "@/components/ui/styles";
import { getCtx, requirePageUser } from "@/lib/auth/ctx";
import { listRuns } from "@/lib/server/runs/listRuns";
import { RunsTabs } from "@/components/runs/runs-tabs";

export const metadata: Metadata = { title: "Runs" };

export default async function RunsPage() {
  await requirePageUser("lead");
  const runs = await listRuns({ ctx: await getCtx() });
  return (
    <>
      <PageHeader title="Runs">
        Judges and target models run from Concord: every call is a row of a queue in the database, worked by the server
        beside the app, so a run survives a restart and never asks a stored call again.
      </PageHeader>
      <RunsTabs />
      <p className="mb-6">
        <Link href="/runs/new" className={buttonClass}>
          New run
        </Link>
      </p>
      <RunList runs={runs} />
    </>
  );
}
