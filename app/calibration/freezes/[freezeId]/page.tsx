import type { Metadata } from "next";
import { FreezeRecord } from "@/components/freeze/freeze-record";
import { BackToSet } from "@/components/report/back-to-set";
import { PageHeader } from "@/components/ui/page-header";
import { getCtx, requirePageUser } from "@/lib/auth/ctx";
import { orNotFound } from "@/lib/auth/pageData";
import { getFreezeInputs } from "@/lib/server/panels/getFreezeInputs";
import { getFreezeRecord } from "@/lib/server/panels/getFreezeRecord";

export const metadata: Metadata = { title: "Frozen panel" };

export default async function FreezeRecordPage({ params }: { params: Promise<{ freezeId: string }> }) {
  await requirePageUser("lead");
  const { freezeId } = await params;
  const ctx = await getCtx();
  const freeze = await orNotFound(getFreezeRecord({ ctx, input: { id: freezeId } }));
  const inputs = await getFreezeInputs({ ctx, input: { id: freezeId } });
  return (
    <>
      <BackToSet set={freeze.record.calibration_set} />
      <PageHeader title={`Frozen panel #${freeze.record.id}`}>An immutable record: the database refuses any change to it.</PageHeader>
      <FreezeRecord freeze={freeze} inputs={inputs} />
    </>
  );
}
