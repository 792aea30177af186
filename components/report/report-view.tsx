"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState, type ReactNode } from "react";
import { Notice } from "@/components/ui/notice";
import { secondaryButtonClass } from "@/components/ui/styles";
import type { SetReport } from "@/lib/server/reports/getReport";
import { AblationTable } from "./ablation-table";
import { ClinicianAgreement } from "./clinician-agreement";
import { Comparison } from "./comparison";
import { Computing } from "./computing";
import { KappaHistogram } from "./kappa-histogram";
import { PanelTable } from "./panel-table";
import { ReportControls } from "./report-controls";
import { JudgeTable } from "./judge-table";
import { CandidateNotice } from "./candidate-notice";
import { choiceQuery, reportQuery, type ReportChoice } from "./use-report";

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-4">
      <h2 id={id} className="text-xl font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

/** The calibration report of a set: controls for the selection and panel size, then every section. */
export function ReportView({ setId, initial, simulatedJudges }: { setId: number; initial: ReportChoice; simulatedJudges: string[] }) {
  const [view, setView] = useState(initial);
  const query = useQuery(reportQuery({ setId, ...view }));

  // Keep the address in step, so a report view can be shared or reloaded as it is.
  function choose(next: ReportChoice) {
    setView(next);
    window.history.replaceState(null, "", `?${choiceQuery(next)}`);
  }

  return (
    <div className="space-y-10">
      <form className="flex flex-wrap items-end gap-6 rounded-lg border border-slate-200 bg-white p-4" onSubmit={(e) => e.preventDefault()}>
        <ReportControls view={view} onChange={choose} />
        <Link href={`/calibration/sets/${setId}/freeze?${choiceQuery(view)}`} className={secondaryButtonClass}>
          Freeze a panel…
        </Link>
      </form>
      {query.isPending ? (
        <Computing what="Computing the calibration report…" />
      ) : query.isError ? (
        <Notice tone="error" title="The report could not be computed.">{query.error.message}</Notice>
      ) : (
        <ReportBody report={query.data} simulated={new Set(simulatedJudges)} />
      )}
    </div>
  );
}

function ReportBody({ report, simulated }: { report: SetReport; simulated: ReadonlySet<string> }) {
  const { ranked, reported } = report;
  const held = report.selection === "holdout";
  const where = held ? " (public split)" : "";
  return (
    <div className="space-y-12">
      <div className="space-y-2 text-slate-700">
        <p>
          {ranked.units.total} units{held ? ` on the ${report.items.public} public-split items` : ""}, {ranked.units.with_consensus} with a clinician
          consensus; {ranked.judges.filter((j) => j.candidate).length} of {ranked.judges.length} judges are candidates; {ranked.panels.length} panels of {ranked.panel_size}.
          {held && reported ? ` Held out: ${reported.units.total} units on the ${report.items.private} private-split items.` : ""}
        </p>
        <p className="text-sm text-slate-600">
          Fingerprint of the exact units, consensus and verdicts: <code className="break-all">{report.fingerprint}</code>
          {report.cached ? " (from the cache)" : ""}.
        </p>
      </div>
      <CandidateNotice report={ranked} />
      <SimulatedNotice judges={ranked.judges.map((j) => j.judge).filter((j) => simulated.has(j))} />
      <Section id="panels" title="Every panel">
        <Comparison comparison={ranked.comparison} />
        <KappaHistogram panels={ranked.panels} />
        <PanelTable setId={report.set.id} ranked={ranked} reported={reported} selection={report.selection} />
      </Section>
      <Section id="ablation" title={`Without one dimension${where}`}>
        <AblationTable ablation={ranked.ablation} />
      </Section>
      <Section id="judges" title={`Single judges${where}`}>
        <JudgeTable judges={ranked.judges} simulated={simulated} />
      </Section>
      <Section id="clinicians" title={`Clinicians' agreement${where}`}>
        <ClinicianAgreement clinicians={ranked.clinicians} names={report.names} />
      </Section>
    </div>
  );
}

/** Said whenever a judge of the report runs on a simulated endpoint. */
function SimulatedNotice({ judges }: { judges: string[] }) {
  if (judges.length === 0) return null;
  return (
    <Notice tone="info" title={`Simulated results: ${judges.length} judge${judges.length === 1 ? "" : "s"} of this report ${judges.length === 1 ? "is" : "are"} on the demo simulator.`}>
      {judges.join(", ")} {judges.length === 1 ? "is" : "are"} configured on a simulated endpoint: no model gives {judges.length === 1 ? "its" : "their"} verdicts,
      Concord&apos;s demo simulator draws them from the demo corpus. Figures involving {judges.length === 1 ? "it" : "them"} show how Concord works, not how any model judges.
    </Notice>
  );
}
