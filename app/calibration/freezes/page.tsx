import type { Metadata } from "next";
import { FreezeHistory } from "@/components/freeze/freeze-history";
import { PageHeader } from "@/components/ui/page-header";
import { getCtx, requirePageUser } from "@/lib/auth/ctx";
import { listFreezes } from "@/lib/server/freeze/listFreezes";

export const metadata: Metadata = { title: "Frozen panels" };

export default async function FreezesPage() {
  await requirePageUser("lead");
  const freezes = await listFreezes({ ctx: await getCtx(), input: {} });
  return (
    <>
      <PageHeader title="Frozen panels">Every judge panel frozen in any calibration set, newest first, with what each superseded.</PageHeader>
      <FreezeHistory freezes={freezes} showSet />
    </>
  );
}
