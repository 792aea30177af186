"use client";

import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent, type ReactNode } from "react";
import type { z } from "zod";
import { estimateRunAction, startRunAction } from "@/lib/actions/runs";
import { Notice } from "@/components/ui/notice";
import { buttonClass, cardClass, inputClass, labelClass, secondaryButtonClass } from "@/components/ui/styles";
import type { RunActorChoice, RunChoices } from "@/lib/server/runs/listRunChoices";
import type { RunRequest } from "@/lib/server/runs/schema";
import { ActionFailure } from "./failure";
import { KIND_LABELS } from "./format";
import { RunEstimateView } from "./run-estimate";

type Kind = RunRequest["kind"];
const KINDS: Kind[] = ["judge", "respond", "grade", "flow_judge", "simulate"];

/** Ids typed into a field, separated by commas, spaces or new lines; empty means "the default". */
const ids = (text: string) => text.split(/[\s,]+/).filter(Boolean);
const optionalIds = (text: string) => (ids(text).length > 0 ? ids(text) : undefined);

function ActorPicker({ legend, actors, picked, onChange, empty }: { legend: string; actors: RunActorChoice[]; picked: string[]; onChange: (ids: string[]) => void; empty: ReactNode }) {
  return (
    <fieldset>
      <legend className={labelClass}>{legend}</legend>
      {actors.length === 0 ? (
        <Notice tone="info">{empty}</Notice>
      ) : (
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {actors.map((a) => (
            <label key={a.id} className="flex items-center gap-2">
              <input type="checkbox" checked={picked.includes(a.id)} onChange={(e) => onChange(e.target.checked ? [...picked, a.id] : picked.filter((id) => id !== a.id))} />
              <span>
                {a.id} <span className="text-slate-600">({a.model} on {a.endpoint}{a.simulated ? ", simulated" : ""})</span>
              </span>
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}

function IdsField({ id, label, value, onChange, hint }: { id: string; label: string; value: string; onChange: (v: string) => void; hint: string }) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>{label}</label>
      <textarea id={id} rows={2} value={value} onChange={(e) => onChange(e.target.value)} aria-describedby={`${id}-hint`} className={inputClass} />
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">{hint}</p>
    </div>
  );
}

/** Choose what to run, see what it would cost, then start it. */
export function NewRunForm({ choices }: { choices: RunChoices }) {
  const router = useRouter();
  const [kind, setKind] = useState<Kind>("judge");
  const [setId, setSetId] = useState(String(choices.sets[0]?.id ?? ""));
  const [judges, setJudges] = useState<string[]>([]);
  const [models, setModels] = useState<string[]>([]);
  const [runs, setRuns] = useState("3");
  const [items, setItems] = useState("");
  const [freezeId, setFreezeId] = useState(String(choices.freezes[0]?.id ?? ""));
  const [gradeModels, setGradeModels] = useState("");
  const [reference, setReference] = useState(false);
  const [referenceFrom, setReferenceFrom] = useState("");
  const [studyId, setStudyId] = useState(String(choices.studies[0]?.id ?? ""));
  const [personaSetId, setPersonaSetId] = useState(String(choices.personaSets[0]?.id ?? ""));
  const [userModel, setUserModel] = useState(choices.models[0]?.id ?? "");
  const [turns, setTurns] = useState("30");

  const request: z.input<typeof RunRequest> =
    kind === "judge"
      ? { kind, setId: Number(setId), judges }
      : kind === "respond"
        ? { kind, models, items: optionalIds(items), runs: Number(runs) }
        : kind === "grade"
          ? { kind, freezeId: Number(freezeId), items: optionalIds(items), models: optionalIds(gradeModels), reference, referenceFrom: reference ? referenceFrom.trim() || undefined : undefined }
          : kind === "flow_judge"
            ? { kind, studyId: Number(studyId), judges }
            : { kind, personaSetId: Number(personaSetId), userModel, models, turns: Number(turns), runs: Number(runs) };
  const requestKey = JSON.stringify(request);
  const estimate = useMutation({ mutationFn: estimateRunAction });
  const start = useMutation({
    mutationFn: startRunAction,
    onSuccess: (result) => {
      if (result.ok) router.push(`/runs/${result.data.runId}`);
    },
  });
  // The estimate shown can only be started while the choices are still the ones it was made for.
  const estimated = estimate.data?.ok && JSON.stringify(estimate.variables) === requestKey ? estimate.data.data : null;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    estimate.mutate(request);
  }

  const judgePicker = (
    <ActorPicker legend="Judges" actors={choices.judges} picked={judges} onChange={setJudges} empty={<>No judges are configured yet. Add them on the <Link href="/runs/judges" className="font-medium text-accent-strong underline underline-offset-2">Judges</Link> page first.</>} />
  );
  const modelPicker = (
    <ActorPicker legend="Target models" actors={choices.models} picked={models} onChange={setModels} empty={<>No target models are configured yet. Add them on the <Link href="/runs/models" className="font-medium text-accent-strong underline underline-offset-2">Models</Link> page first.</>} />
  );
  const itemsHint = `Item ids; leave empty for every item with a published rubric (${choices.publishedItems}).`;
  return (
    <div className="space-y-8">
      <form onSubmit={submit} className={`${cardClass} space-y-6`} aria-labelledby="run-choices">
        <h2 id="run-choices" className="text-lg font-semibold text-slate-900">What to run</h2>
        <fieldset>
          <legend className={labelClass}>Kind</legend>
          <div className="flex flex-wrap gap-6">
            {KINDS.map((k) => (
              <label key={k} className="flex items-center gap-2">
                <input type="radio" name="kind" checked={kind === k} onChange={() => setKind(k)} />
                {KIND_LABELS[k]}
              </label>
            ))}
          </div>
        </fieldset>

        {kind === "judge" ? (
          <>
            <div className="max-w-md">
              <label htmlFor="run-set" className={labelClass}>Calibration set</label>
              <select id="run-set" value={setId} onChange={(e) => setSetId(e.target.value)} required className={inputClass}>
                {choices.sets.map((s) => (
                  <option key={s.id} value={s.id}>{s.name}{s.status === "closed" ? " (closed)" : ""}</option>
                ))}
              </select>
            </div>
            {judgePicker}
          </>
        ) : null}

        {kind === "respond" ? (
          <>
            {modelPicker}
            <IdsField id="run-items" label="Items" value={items} onChange={setItems} hint={itemsHint} />
            <div className="max-w-xs">
              <label htmlFor="run-runs" className={labelClass}>Runs per item</label>
              <input id="run-runs" type="number" min={1} max={10} value={runs} onChange={(e) => setRuns(e.target.value)} required aria-describedby="run-runs-hint" className={inputClass} />
              <p id="run-runs-hint" className="mt-1 text-sm text-slate-600">Independent responses of each model to each item.</p>
            </div>
          </>
        ) : null}

        {kind === "grade" ? (
          <>
            {choices.freezes.length === 0 ? (
              <Notice tone="info">No panel has been frozen yet. Freeze one from a calibration set&apos;s Freeze page first.</Notice>
            ) : (
              <div className="max-w-md">
                <label htmlFor="run-freeze" className={labelClass}>Frozen panel</label>
                <select id="run-freeze" value={freezeId} onChange={(e) => setFreezeId(e.target.value)} required className={inputClass}>
                  {choices.freezes.map((f) => (
                    <option key={f.id} value={f.id}>#{f.id} {f.judges.join(", ")} ({f.setName})</option>
                  ))}
                </select>
              </div>
            )}
            <IdsField id="run-grade-models" label="Models" value={gradeModels} onChange={setGradeModels} hint="Model ids; leave empty for every model with responses to these items." />
            <IdsField id="run-items" label="Items" value={items} onChange={setItems} hint={itemsHint} />
            <fieldset className="space-y-3">
              <legend className={labelClass}>Reference ceiling</legend>
              <label className="flex items-center gap-2">
                <input type="checkbox" checked={reference} onChange={(e) => setReference(e.target.checked)} />
                Also grade each item&apos;s published reference as the last assistant turn
              </label>
              {reference ? (
                <div className="max-w-md">
                  <label htmlFor="run-reference-from" className={labelClass}>Earlier assistant turns from</label>
                  <input id="run-reference-from" value={referenceFrom} onChange={(e) => setReferenceFrom(e.target.value)} aria-describedby="run-reference-from-hint" autoComplete="off" className={inputClass} />
                  <p id="run-reference-from-hint" className="mt-1 text-sm text-slate-600">
                    A graded model id: in a multi-turn item the reference follows this model&apos;s earlier turns (its run 1). Leave empty for the first graded model by id.
                  </p>
                </div>
              ) : null}
            </fieldset>
          </>
        ) : null}

        {kind === "flow_judge" ? (
          <>
            {choices.studies.length === 0 ? (
              <Notice tone="info">There is no flow study yet. Import a flow rubric and conversations and create a study under <Link href="/studies" className="font-medium text-accent-strong underline underline-offset-2">Studies</Link> first.</Notice>
            ) : (
              <div className="max-w-md">
                <label htmlFor="run-study" className={labelClass}>Study</label>
                <select id="run-study" value={studyId} onChange={(e) => setStudyId(e.target.value)} required aria-describedby="run-study-hint" className={inputClass}>
                  {choices.studies.map((s) => (
                    <option key={s.id} value={s.id}>{s.name} ({s.conversations} conversation{s.conversations === 1 ? "" : "s"})</option>
                  ))}
                </select>
                <p id="run-study-hint" className="mt-1 text-sm text-slate-600">Each judge walks every conversation of the study through its flow rubric, one question a call, as VERA-MH does; the ratings join the study as judge results.</p>
              </div>
            )}
            {judgePicker}
          </>
        ) : null}

        {kind === "simulate" ? (
          <>
            {choices.personaSets.length === 0 ? (
              <Notice tone="info">No personas are imported yet. Import a <code>personas.tsv</code> and its prompt template under <Link href="/studies/import" className="font-medium text-accent-strong underline underline-offset-2">Studies → Import</Link> first.</Notice>
            ) : (
              <div className="max-w-md">
                <label htmlFor="run-personas" className={labelClass}>Personas</label>
                <select id="run-personas" value={personaSetId} onChange={(e) => setPersonaSetId(e.target.value)} required className={inputClass}>
                  {choices.personaSets.map((p) => (
                    <option key={p.id} value={p.id}>{p.name} v{p.version} ({p.personas} persona{p.personas === 1 ? "" : "s"})</option>
                  ))}
                </select>
              </div>
            )}
            <div className="max-w-md">
              <label htmlFor="run-user-model" className={labelClass}>User model</label>
              <select id="run-user-model" value={userModel} onChange={(e) => setUserModel(e.target.value)} required aria-describedby="run-user-model-hint" className={inputClass}>
                {choices.models.map((m) => (
                  <option key={m.id} value={m.id}>{m.id} ({m.model} on {m.endpoint})</option>
                ))}
              </select>
              <p id="run-user-model-hint" className="mt-1 text-sm text-slate-600">The model that role-plays each persona, from the Models page; it starts each conversation and may end it.</p>
            </div>
            {modelPicker}
            <div className="grid max-w-md gap-4 sm:grid-cols-2">
              <div>
                <label htmlFor="run-turns" className={labelClass}>Turns at most</label>
                <input id="run-turns" type="number" min={1} max={50} value={turns} onChange={(e) => setTurns(e.target.value)} required className={inputClass} />
              </div>
              <div>
                <label htmlFor="run-sim-runs" className={labelClass}>Conversations per persona</label>
                <input id="run-sim-runs" type="number" min={1} max={10} value={runs} onChange={(e) => setRuns(e.target.value)} required className={inputClass} />
              </div>
            </div>
          </>
        ) : null}

        <div className="space-y-3">
          <button type="submit" disabled={estimate.isPending} className={secondaryButtonClass}>
            {estimate.isPending ? "Estimating…" : "Estimate"}
          </button>
          <ActionFailure result={estimate.data} error={estimate.error} />
        </div>
      </form>

      {estimated ? (
        <section aria-labelledby="estimate-heading" className="space-y-4">
          <h2 id="estimate-heading" className="text-lg font-semibold text-slate-900">Estimate: {estimated.title}</h2>
          <RunEstimateView estimate={estimated} />
          <div className="space-y-3">
            <button type="button" disabled={start.isPending || estimated.calls === 0} onClick={() => start.mutate(request)} className={buttonClass}>
              {start.isPending ? "Starting…" : "Start run"}
            </button>
            <ActionFailure result={start.data} error={start.error} />
          </div>
        </section>
      ) : null}
    </div>
  );
}
