"use client";

import Link from "next/link";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { changeRunStatusAction } from "@/lib/actions/runs";
import { apiFetch } from "@/lib/http/apiFetch";
import { Notice } from "@/components/ui/notice";
import { Progress } from "@/components/ui/progress";
import { buttonClass, secondaryButtonClass } from "@/components/ui/styles";
import type { ActorProgress, RunProgress } from "@/lib/server/runs/getRunProgress";
import { ActionFailure } from "./failure";
import { count, eta, KIND_LABELS, STATUS_LABELS, when } from "./format";
import { cellClass, numClass, numeric, RunTable } from "./run-table";

/** Polled this often while the run is going. */
const POLL_MS = 1500;

/** Calls with a stored result: a verdict or response, or one marked missing after its retries. */
const stored = (a: Pick<ActorProgress, "done" | "missing">) => a.done + a.missing;

function Controls({ run }: { run: RunProgress }) {
  const client = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const change = useMutation({
    mutationFn: changeRunStatusAction,
    onSuccess: () => {
      setConfirming(false);
      void client.invalidateQueries({ queryKey: ["run", run.id] });
    },
  });
  const act = (action: "pause" | "resume" | "cancel") => change.mutate({ runId: run.id, action });
  const canResume = run.status === "paused" || (run.status !== "cancelled" && run.totals.failed > 0);
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        {run.status === "running" ? (
          <button type="button" className={secondaryButtonClass} disabled={change.isPending} onClick={() => act("pause")}>Pause</button>
        ) : null}
        {canResume ? (
          <button type="button" className={secondaryButtonClass} disabled={change.isPending} onClick={() => act("resume")}>
            {run.status === "paused" ? "Resume" : "Ask the failed calls again"}
          </button>
        ) : null}
        {(run.status === "running" || run.status === "paused") && !confirming ? (
          <button type="button" className={secondaryButtonClass} disabled={change.isPending} onClick={() => setConfirming(true)}>Cancel run…</button>
        ) : null}
      </div>
      {confirming ? (
        <div role="group" aria-labelledby="cancel-question" className="flex flex-wrap items-center gap-3">
          <p id="cancel-question" className="text-slate-800">
            Cancel the run? Calls not yet made are dropped; every result stored so far stays.
          </p>
          <button type="button" className={buttonClass} disabled={change.isPending} onClick={() => act("cancel")}>Yes, cancel the run</button>
          <button type="button" className={secondaryButtonClass} onClick={() => setConfirming(false)}>Keep it</button>
        </div>
      ) : null}
      <ActionFailure result={change.data} error={change.error} />
    </div>
  );
}

/** A run's live progress, overall and per judge or model, with its controls. */
export function RunProgressView({ initial }: { initial: RunProgress }) {
  const query = useQuery({
    queryKey: ["run", initial.id],
    queryFn: () => apiFetch<RunProgress>(`/api/runs/${initial.id}`, { cache: "no-store" }),
    initialData: initial,
    staleTime: 0,
    refetchInterval: (q) => (q.state.data?.status === "running" ? POLL_MS : false),
  });
  const run = query.data;
  const simulated = run.actors.some((a) => a.simulated);
  return (
    <div className="space-y-8">
      <section aria-labelledby="run-status" className="space-y-4">
        <h2 id="run-status" className="sr-only">Status</h2>
        <dl className="grid gap-x-8 gap-y-2 text-sm sm:grid-cols-4">
          <div><dt className="text-slate-600">Kind</dt><dd className="font-medium text-slate-900">{KIND_LABELS[run.kind]}</dd></div>
          <div><dt className="text-slate-600">Status</dt><dd className="font-medium text-slate-900" aria-live="polite" data-testid="run-status">{STATUS_LABELS[run.status]}</dd></div>
          <div><dt className="text-slate-600">Started</dt><dd className="text-slate-900">{when(run.createdAt)}</dd></div>
          <div><dt className="text-slate-600">Finished</dt><dd className="text-slate-900">{when(run.finishedAt)}</dd></div>
        </dl>
        {simulated ? (
          <Notice tone="info" title="These results are simulated.">
            {run.actors.filter((a) => a.simulated).map((a) => a.actor).join(", ")} run on a simulator, not a real model: their verdicts and responses are made up for trying Concord out.
          </Notice>
        ) : null}
        {run.statusNote ? <Notice tone="error" title={run.status === "paused" ? "The run paused itself." : undefined}>{run.statusNote}</Notice> : null}
        {query.isError ? <Notice tone="error">Could not refresh the progress: {query.error.message}</Notice> : null}
        {run.sequences && run.sequences.studyId !== null ? (
          <>
            <Progress label="Conversations judged (walks ended, per judge)" done={run.sequences.ended} total={run.sequences.total} />
            <p className="text-sm text-slate-700">
              Each question is asked once the previous answer is stored, so the calls below grow as the walks go on. The ratings land on the{" "}
              <Link href={`/studies/${run.sequences.studyId}`} className="font-medium text-accent-strong underline underline-offset-2">study page</Link> as judge results;{" "}
              <a href={`/runs/${run.id}/results.csv`} className="font-medium text-accent-strong underline underline-offset-2">download results.csv</a> (VERA-MH&apos;s format).
            </p>
          </>
        ) : null}
        {run.sequences && run.sequences.studyId === null ? (
          <>
            <Progress label="Conversations simulated" done={run.sequences.ended} total={run.sequences.total} />
            <p className="text-sm text-slate-700">
              Each turn is asked once the one before it is stored, so the calls below grow as the conversations go on. Finished conversations join{" "}
              <Link href="/studies" className="font-medium text-accent-strong underline underline-offset-2">Studies</Link> as imported ones, with their persona, user model, provider model and risk level.
            </p>
          </>
        ) : null}
        <Progress label="Calls with a stored result" done={stored(run.totals)} total={run.totals.total} />
        <p className="text-sm text-slate-700">
          {count(run.totals.done)} done, {count(run.totals.missing)} missing, {count(run.totals.failed)} failed, {count(run.totals.open)} open
          {run.totals.cancelled > 0 ? `, ${count(run.totals.cancelled)} cancelled` : ""}; {count(run.totals.tokensIn)} tokens in, {count(run.totals.tokensOut)} out;{" "}
          {count(run.totals.perMinute)} a minute, about {eta(run.totals.etaSeconds)} left.
        </p>
        <Controls run={run} />
      </section>

      <section aria-labelledby="run-actors" className="space-y-4">
        <h2 id="run-actors" className="text-lg font-semibold text-slate-900">Per {run.kind === "respond" ? "model" : "judge"}</h2>
        <div className="space-y-3">
          {run.actors.map((a) => (
            <Progress key={a.actor} label={a.actor} done={stored(a)} total={a.total} />
          ))}
        </div>
        <RunTable
          caption="Progress per judge or model"
          columns={[run.kind === "respond" ? "Model" : "Judge", "Endpoint", ...numeric("Done", "Missing", "Failed", "Open", "Total", "Tokens in / out", "Per minute", "ETA")]}
        >
          {run.actors.map((a) => (
            <tr key={a.actor}>
              <th scope="row" className={`${cellClass} font-medium text-slate-900`}>{a.actor}{a.simulated ? " (simulated)" : ""}</th>
              <td className={cellClass}>{a.endpoint}</td>
              {[count(a.done), count(a.missing), count(a.failed), count(a.open), count(a.total), `${count(a.tokensIn)} / ${count(a.tokensOut)}`, count(a.perMinute), eta(a.etaSeconds)].map((text, i) => (
                <td key={i} className={numClass}>{text}</td>
              ))}
            </tr>
          ))}
        </RunTable>
      </section>

      <section aria-labelledby="run-problems" className="space-y-3">
        <h2 id="run-problems" className="text-lg font-semibold text-slate-900">Latest problems</h2>
        {run.problems.length === 0 ? (
          <p className="text-slate-700">No call has failed or come back unusable.</p>
        ) : (
          <RunTable caption="The latest calls that failed or came back unusable" columns={["Call", "Status", ...numeric("Attempts"), "Error"]}>
            {run.problems.map((p) => (
              <tr key={p.key}>
                <th scope="row" className={`${cellClass} font-mono text-xs font-normal text-slate-900`}>{p.key}</th>
                <td className={cellClass}>{p.status}</td>
                <td className={numClass}>{p.attempts}</td>
                <td className={cellClass}>{p.error}</td>
              </tr>
            ))}
          </RunTable>
        )}
      </section>
    </div>
  );
}
