import type { Metadata } from "next";
import Link from "next/link";
import { RuleForm } from "@/components/freeze/rule-form";
import { RuleSummary } from "@/components/freeze/rule-summary";
import { CoverageTable } from "@/components/report/coverage-table";
import { VerdictImport } from "@/components/report/verdict-import";
import { SetTabs } from "@/components/sets/set-tabs";
import { PageHeader } from "@/components/ui/page-header";
import { cardClass } from "@/components/ui/styles";
import { getCtx, requirePageUser } from "@/lib/auth/ctx";
import { orNotFound } from "@/lib/auth/pageData";
import { getCoverage } from "@/lib/server/reports/getCoverage";
import { getSelectionRule } from "@/lib/server/freeze/getSelectionRule";
import { getSetHeader } from "@/lib/server/sets/getSetHeader";

export const metadata: Metadata = { title: "Judges" };

export default async function JudgesPage({ params }: { params: Promise<{ setId: string }> }) {
  await requirePageUser("lead");
  const ctx = await getCtx();
  const { setId } = await params;
  const set = await orNotFound(getSetHeader({ ctx, input: { setId } }));
  const [coverage, rule] = await Promise.all([getCoverage({ ctx, input: { setId } }), getSelectionRule({ ctx, input: { setId } })]);
  return (
    <>
      <PageHeader title={`Judges: ${set.name}`}>
        The candidate LLM judges&apos; verdicts on this set&apos;s units, and the rule the panel will be chosen by.{" "}
        <Link href={`/calibration/sets/${set.id}/report`} className="font-medium text-accent-strong underline underline-offset-2">Open the report</Link>{" "}
        or <Link href={`/calibration/sets/${set.id}/freeze`} className="font-medium text-accent-strong underline underline-offset-2">freeze a panel</Link>.
      </PageHeader>
      <SetTabs setId={set.id} />
      <div className="space-y-8">
        <section aria-labelledby="rule" className={cardClass}>
          <h2 id="rule" className="text-lg font-semibold text-slate-900">Selection rule</h2>
          {rule ? (
            <div className="mt-3"><RuleSummary rule={rule} /></div>
          ) : (
            <>
              <p className="mt-1 mb-4 text-slate-600">
                Commit to how the panel will be chosen before seeing any verdict. The rule cannot be changed afterwards,
                and the freeze will show whether it follows it.
              </p>
              <RuleForm setId={set.id} />
            </>
          )}
        </section>
        <section aria-labelledby="import" className={cardClass}>
          <h2 id="import" className="text-lg font-semibold text-slate-900">Import verdicts</h2>
          <p className="mt-1 mb-4 text-slate-600">
            A bundle of <code>verdict</code> lines on this set&apos;s units, all or nothing. Verdicts already stored are left as they
            are; a line that contradicts a stored verdict is refused.
          </p>
          <VerdictImport setId={set.id} />
        </section>
        <section aria-labelledby="coverage" className="space-y-4">
          <h2 id="coverage" className="text-xl font-semibold text-slate-900">Coverage</h2>
          <CoverageTable coverage={coverage} />
        </section>
      </div>
    </>
  );
}
