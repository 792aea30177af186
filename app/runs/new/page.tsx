import type { Metadata } from "next";
import { NewRunForm } from "@/components/runs/new-run-form";
import { PageHeader } from "@/components/ui/page-header";
import { getCtx, requirePageUser } from "@/lib/auth/ctx";
import { listRunChoices } from "@/lib/server/runs/listRunChoices";
import { RunsTabs } from "@/components/runs/runs-tabs";

export const metadata: Metadata = { title: "New run" };

export default async function NewRunPage() {
  await requirePageUser("lead");
  const choices = await listRunChoices({ ctx: await getCtx() });
  return (
    <>
      <PageHeader title="New run">
        Judge a calibration set with candidate judges, generate responses of target models, grade responses with a frozen
        panel, or judge a flow study&apos;s conversations with a flow rubric. The estimate counts the calls first; calls whose
        result is already stored are skipped.
      </PageHeader>
      <RunsTabs />
      <NewRunForm choices={choices} />
    </>
  );
}
