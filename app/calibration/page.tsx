import type { Metadata } from "next";
import Link from "next/link";
import { CalibrationSetList } from "@/components/calibration/set-list";
import { PageHeader } from "@/components/ui/page-header";
import { buttonClass } from "@/components/ui/styles";
import { getCtx, requirePageUser } from "@/lib/auth/ctx";
import { listCalibrationSets } from "@/lib/server/sets/listCalibrationSets";

export const metadata: Metadata = { title: "Calibration" };

export default async function CalibrationPage() {
  await requirePageUser("lead");
  const sets = await listCalibrationSets({ ctx: await getCtx() });
  return (
    <>
      <PageHeader title="Calibration">Calibration sets, their clinicians and how far labeling has come.</PageHeader>
      <p className="mb-6">
        <Link href="/calibration/new" className={buttonClass}>
          Draw a new calibration set
        </Link>
      </p>
      <CalibrationSetList sets={sets} />
      <section aria-labelledby="judge-panels" className="mt-8 space-y-2">
        <h2 id="judge-panels" className="text-lg font-semibold text-slate-900">Judge panels</h2>
        <ul className="space-y-1">
          {sets.map((set) => (
            <li key={set.id}>
              <Link href={`/calibration/sets/${set.id}/judges`} className="font-medium text-accent-strong underline underline-offset-2">
                Judges, report and freeze: {set.name}
              </Link>
            </li>
          ))}
        </ul>
        <Link href="/calibration/freezes" className="inline-block text-sm font-medium text-accent-strong underline underline-offset-2">Every frozen panel</Link>
      </section>
    </>
  );
}
