"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Computing } from "@/components/report/computing";
import { fmt } from "@/lib/format";
import { IntervalLine } from "@/components/report/interval";
import { ReportControls } from "@/components/report/report-controls";
import { reportQuery, type ReportChoice } from "@/components/report/use-report";
import { ApiFailure } from "@/components/ui/api-failure";
import { Notice } from "@/components/ui/notice";
import { buttonClass, inputClass, labelClass } from "@/components/ui/styles";
import { ruleDeviations } from "@/lib/freeze/rule";
import { apiFetch } from "@/lib/http/apiFetch";
import type { PanelDetail } from "@/lib/server/reports/getPanelDetail";
import type { RuleView } from "@/lib/server/freeze/readRule";

const LISTED = 25;

interface Props {
  setId: number;
  /** The set is still open: freezing it must be confirmed. */
  setOpen: boolean;
  initial: ReportChoice & { judges: string[] | null };
  rule: RuleView | null;
  /** The set's current freeze, which a new one must supersede. */
  current: { id: number; judges: string[] } | null;
}

/** Choose a panel (rank 1 unless another is named), see exactly what will be recorded, give reasons, freeze. */
export function FreezeForm({ setId, setOpen, initial, rule, current }: Props) {
  const router = useRouter();
  const [view, setView] = useState<ReportChoice>({ selection: initial.selection, panelSize: initial.panelSize, minCoverage: initial.minCoverage });
  const [picked, setPicked] = useState<string | null>(initial.judges?.join(",") ?? null);
  const [rationale, setRationale] = useState("");
  const [supersede, setSupersede] = useState(false);
  const [reason, setReason] = useState("");
  const [confirmOpen, setConfirmOpen] = useState(false);
  const report = useQuery(reportQuery({ setId, ...view }));
  const panels = report.data?.ranked.panels ?? [];
  const key = picked && panels.some((p) => p.judges.join(",") === picked) ? picked : (panels[0]?.judges.join(",") ?? null);
  const detail = useQuery({
    queryKey: ["panel", setId, view.selection, view.minCoverage, key],
    queryFn: () => apiFetch<PanelDetail>(`/api/sets/${setId}/report/panel?${new URLSearchParams({ judges: key ?? "", selection: view.selection, minCoverage: String(view.minCoverage) })}`),
    enabled: key !== null,
    staleTime: 60_000,
  });
  const freeze = useMutation({
    mutationFn: () => {
      const body = {
        judges: key?.split(",") ?? [],
        selection: view.selection,
        minCoverage: view.minCoverage,
        fingerprint: report.data?.fingerprint,
        rationale,
        confirmOpen,
        ...(supersede && current ? { supersedes: { id: current.id, reason } } : {}),
      };
      return apiFetch<{ id: number }>(`/api/sets/${setId}/freeze`, { method: "POST", json: body });
    },
    onSuccess: (result) => router.push(`/calibration/freezes/${result.id}`),
  });

  if (report.isPending) return <Computing what="Computing the calibration report…" />;
  if (report.isError) return <Notice tone="error" title="The report could not be computed.">{report.error.message}</Notice>;
  if (panels.length === 0) return <Notice tone="info">No panel can be formed yet: import the judges&apos; verdicts on the Judges tab first.</Notice>;

  const evaluation = detail.data?.evaluation;
  const deviations = rule && evaluation ? ruleDeviations(rule.rule, { panelSize: view.panelSize, selection: view.selection, rank: evaluation.rank }) : [];
  const ruleKind = rule?.beforeVerdicts ? "pre-registered rule" : "recorded rule";
  const listed = panels.slice(0, LISTED);
  const extra = key && !listed.some((p) => p.judges.join(",") === key) ? panels.find((p) => p.judges.join(",") === key) : undefined;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    freeze.mutate();
  }

  return (
    <form onSubmit={submit} className="space-y-8">
      <div className="flex flex-wrap items-end gap-6 rounded-lg border border-slate-200 bg-white p-4">
        <ReportControls view={view} onChange={(next) => { setView(next); setPicked(null); }} />
        <div className="min-w-72 flex-1">
          <label htmlFor="freeze-panel" className={labelClass}>Panel</label>
          <select id="freeze-panel" value={key ?? ""} onChange={(e) => setPicked(e.target.value)} className="w-full rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm">
            {[...listed, ...(extra ? [extra] : [])].map((p) => (
              <option key={p.rank} value={p.judges.join(",")}>
                #{p.rank}: {p.judges.join(", ")} (κ {fmt(p.kappa, 4)})
              </option>
            ))}
          </select>
        </div>
      </div>

      <section aria-labelledby="recorded" className="space-y-3">
        <h2 id="recorded" className="text-xl font-semibold text-slate-900">What will be recorded</h2>
        {detail.isPending ? (
          <p className="text-slate-700">Loading the panel&apos;s figures…</p>
        ) : detail.isError ? (
          <Notice tone="error">{detail.error.message}</Notice>
        ) : evaluation ? (
          <div className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
            <p className="text-slate-800">
              <strong>{detail.data.judges.join(", ")}</strong>: rank <strong>{evaluation.rank}</strong> of {evaluation.panels_ranked}
              {view.selection === "holdout" ? " on the public split" : ""}; κ <strong className="tabular-nums">{fmt(evaluation.figures.kappa, 4)}</strong>, macro-F1{" "}
              {fmt(evaluation.figures.macro_f1, 4)}, AC1 {fmt(evaluation.figures.gwet_ac1)}, accuracy {fmt(evaluation.figures.accuracy)}, {evaluation.figures.units} units,{" "}
              {evaluation.figures.excluded} excluded.
              {evaluation.reported_figures ? ` Held out (private split): κ ${fmt(evaluation.reported_figures.kappa, 4)}, macro-F1 ${fmt(evaluation.reported_figures.macro_f1, 4)}.` : ""}
            </p>
            <IntervalLine interval={evaluation.interval} />
            <p className="text-sm text-slate-600">
              With the set&apos;s pinned rubric versions and the SHA-256 fingerprint <code className="break-all">{report.data.fingerprint}</code> of the exact
              units, consensus and verdicts.
            </p>
          </div>
        ) : null}
      </section>

      <section aria-labelledby="rule-check" className="space-y-3">
        <h2 id="rule-check" className="text-xl font-semibold text-slate-900">Selection rule</h2>
        {!rule ? (
          <p className="text-slate-700">No selection rule was recorded for this set; the record will say so.</p>
        ) : !evaluation ? null : deviations.length === 0 ? (
          <Notice tone="info" title={`This freeze follows the ${ruleKind}.`}>
            <p>{rule.text}</p>
            {rule.beforeVerdicts ? null : <p className="mt-2">The rule was recorded after verdicts on this set were imported: not a pre-registration.</p>}
          </Notice>
        ) : (
          <Notice tone="info" title={`This freeze departs from the ${ruleKind}.`}>
            <p>{rule.text}</p>
            <ul className="mt-2 list-disc pl-5">{deviations.map((d) => <li key={d}>{d}</li>)}</ul>
            <p className="mt-2">You may still freeze it; the record will show the departure. Say why in the rationale.</p>
          </Notice>
        )}
      </section>

      <section aria-labelledby="reasons" className="space-y-4">
        <h2 id="reasons" className="text-xl font-semibold text-slate-900">Your reasons</h2>
        <div>
          <label htmlFor="rationale" className={labelClass}>Rationale</label>
          <textarea id="rationale" required rows={4} value={rationale} onChange={(e) => setRationale(e.target.value)} className={inputClass}
            placeholder="Why this panel, given how close the top panels are." />
        </div>
        {current ? (
          <div className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4">
            <p className="text-amber-950">
              This set is already frozen (record #{current.id}: {current.judges.join(", ")}). A new freeze must name the record it supersedes and say why.
            </p>
            <label className="inline-flex items-center gap-2 font-medium text-slate-900">
              <input type="checkbox" checked={supersede} onChange={(e) => setSupersede(e.target.checked)} />
              Supersede record #{current.id}
            </label>
            {supersede ? (
              <div>
                <label htmlFor="supersede-reason" className={labelClass}>Why record #{current.id} is replaced</label>
                <textarea id="supersede-reason" required rows={3} value={reason} onChange={(e) => setReason(e.target.value)} className={inputClass} />
              </div>
            ) : null}
          </div>
        ) : null}
        {setOpen ? (
          <div className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-4">
            <p className="text-amber-950">This set is still open: clinicians can still change its labels. Closing it first locks them; the record will say the set was open.</p>
            <label className="inline-flex items-center gap-2 font-medium text-slate-900">
              <input type="checkbox" checked={confirmOpen} onChange={(e) => setConfirmOpen(e.target.checked)} />
              Freeze it while it is open
            </label>
          </div>
        ) : null}
        <button type="submit" disabled={freeze.isPending || !evaluation || (setOpen && !confirmOpen)} className={buttonClass}>
          {freeze.isPending ? "Freezing…" : "Freeze this panel"}
        </button>
        <ApiFailure error={freeze.error} consequence="Nothing was frozen." />
      </section>
    </form>
  );
}
