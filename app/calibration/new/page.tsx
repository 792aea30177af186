import type { Metadata } from "next";
import { NewSetForm } from "@/components/sets/new-set-form";
import { PageHeader } from "@/components/ui/page-header";
import { getCtx, requirePageUser } from "@/lib/auth/ctx";
import { listSetCandidates } from "@/lib/server/sets/listSetCandidates";

export const metadata: Metadata = { title: "New calibration set" };

export default async function NewSetPage() {
  await requirePageUser("lead");
  const candidates = await listSetCandidates({ ctx: await getCtx() });
  return (
    <>
      <PageHeader title="New calibration set">
        Draw items by seeded stratified sampling (the same seed on the same corpus always gives the same set) or pick them by hand,
        choose how many responses per item and who labels them, and check the composition before you confirm. Each item&apos;s
        current published rubric is pinned: later edits never change what this set is labeled against.
      </PageHeader>
      <NewSetForm candidates={candidates} />
    </>
  );
}
