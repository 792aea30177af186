import type { Metadata } from "next";
import { AssignmentList } from "@/components/queue/assignment-list";
import { PageHeader } from "@/components/ui/page-header";
import { getCtx, requirePageUser } from "@/lib/auth/ctx";
import { listMyAssignments } from "@/lib/server/labeling/listMyAssignments";

export const metadata: Metadata = { title: "My queue" };

export default async function QueuePage() {
  await requirePageUser("clinician");
  const assignments = await listMyAssignments({ ctx: await getCtx() });
  return (
    <>
      <PageHeader title="My queue">
        The calibration sets assigned to you. Take your time, and take breaks — your progress is saved.
      </PageHeader>
      <AssignmentList assignments={assignments} />
    </>
  );
}
