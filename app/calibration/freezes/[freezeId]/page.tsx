import type { Metadata } from "next";
import Link from "next/link";
import { FreezeRecord } from "@/components/freeze/freeze-record";
import { BackToSet } from "@/components/report/back-to-set";
import { PageHeader } from "@/components/ui/page-header";
import { secondaryButtonClass } from "@/components/ui/styles";
import { getCtx, requirePageUser } from "@/lib/auth/ctx";
import { orNotFound } from "@/lib/auth/pageData";
import { getFreezeInputs } from "@/lib/server/freeze/getFreezeInputs";
import { getFreezeRecord } from "@/lib/server/freeze/getFreezeRecord";

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
      <p className="-mt-4 mb-6">
        <Link href={`/runs/new?kind=grade&freezeId=${freeze.record.id}`} className={secondaryButtonClass}>
          Grade with this panel
        </Link>
      </p>
      <FreezeRecord freeze={freeze} inputs={inputs} />
    </>
  );
}
