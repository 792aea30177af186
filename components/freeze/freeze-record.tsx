import type { ReactNode } from "react";
import Link from "next/link";
import { FiguresTable } from "@/components/report/figures-table";
import { share, fmt } from "@/lib/format";
import { IntervalLine } from "@/components/report/interval";
import { Notice } from "@/components/ui/notice";
import { secondaryButtonClass } from "@/components/ui/styles";
import type { FrozenRecord } from "@/lib/freeze/record";
import type { StoredFreeze } from "@/lib/server/freeze/freezeRecord";
import type { FreezeInputs as Inputs } from "@/lib/server/freeze/getFreezeInputs";
import { FreezeInputs } from "./freeze-inputs";

const WHEN = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeStyle: "medium", timeZone: "UTC" });

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-[12rem_1fr]">
      <dt className="font-medium text-slate-700">{term}</dt>
      <dd className="text-slate-900">{children}</dd>
    </div>
  );
}

/** A frozen panel's full record, as stored (and as downloaded for `verify-freeze`). */
export function FreezeRecord({ freeze, inputs }: { freeze: StoredFreeze; inputs: Inputs }) {
  const { record, supersededBy } = freeze;
  const versions = Object.entries(record.scope.rubric_versions);
  return (
    <div className="space-y-8">
      {supersededBy === null ? (
        <Notice tone="info" title="This is the set's current frozen panel." />
      ) : (
        <Notice tone="info" title={`Superseded by record #${supersededBy}.`}>
          <Link href={`/calibration/freezes/${supersededBy}`} className="font-medium text-accent-strong underline underline-offset-2">Open record #{supersededBy}</Link>
        </Notice>
      )}
      <FreezeInputs inputs={inputs} />
      <div className="flex flex-wrap items-center gap-4">
        <a href={`/calibration/freezes/${record.id}/download`} download className={secondaryButtonClass}>Download the record (JSON)</a>
        {inputs.snapshot ? (
          <a href={`/calibration/freezes/${record.id}/snapshot`} download className={secondaryButtonClass}>Download the frozen inputs (bundle)</a>
        ) : null}
        <p className="text-sm text-slate-600">
          Check it offline: <code>npm run --silent concord -- verify-freeze concord-frozen-panel-{record.id}.json {inputs.snapshot ? `concord-frozen-panel-${record.id}-inputs.jsonl` : "BUNDLE.jsonl"}</code>
        </p>
      </div>
      <dl className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white px-4">
        <Row term="Calibration set">
          <Link href={`/calibration/sets/${record.calibration_set.id}`} className="text-accent-strong underline underline-offset-2">{record.calibration_set.name}</Link>
        </Row>
        <Row term="Set at freeze">
          {record.calibration_set.open_at_freeze === undefined ? "not recorded" : record.calibration_set.open_at_freeze ? "open: labels could still change" : "closed"}
        </Row>
        <Row term="Least judge coverage">
          {record.scope.min_coverage === undefined ? "none (every judge ranked; frozen before the rule)" : `${share(record.scope.min_coverage)} of the consensus units`}
        </Row>
        <Row term="Judges">
          {record.judges.join(", ")} (panel of {record.panel_size})
          <SimulatedJudges settings={record.judge_settings} />
        </Row>
        {record.judge_settings ? (
          <Row term="How to run them again">
            <ul className="space-y-1 text-sm">
              {record.judges.map((judge) => {
                const s = record.judge_settings?.[judge];
                return (
                  <li key={judge}>
                    <span className="font-medium">{judge}</span>:{" "}
                    {s
                      ? `${s.model} on ${s.endpoint}${s.simulated ? " (a simulator, not a real model)" : ""}, family ${s.family ?? "not given"}, temperature ${s.temperature}, max tokens ${s.max_tokens}${s.seed === null ? "" : `, seed ${s.seed}`}, template ${s.prompt_template.name} v${s.prompt_template.version} (SHA-256 ${s.prompt_template.sha256.slice(0, 12)}…)`
                      : "verdicts imported; Concord does not run this judge"}
                  </li>
                );
              })}
            </ul>
          </Row>
        ) : null}
        <Row term="Rank">
          {record.rank} of {record.panels_ranked}, {record.selection === "holdout" ? "ranked on the public-split items (held out: figures also on the private split)" : "ranked on every item"}
        </Row>
        <Row term="Figures">
          κ {fmt(record.figures.kappa, 4)}, macro-F1 {fmt(record.figures.macro_f1, 4)}, AC1 {fmt(record.figures.gwet_ac1, 4)}, accuracy {fmt(record.figures.accuracy, 4)};{" "}
          {record.figures.units} units, {record.figures.excluded} excluded
        </Row>
        {record.reported_figures ? (
          <Row term="Held out (private)">
            κ {fmt(record.reported_figures.kappa, 4)}, macro-F1 {fmt(record.reported_figures.macro_f1, 4)}, {record.reported_figures.units} units
          </Row>
        ) : null}
        <Row term="Interval"><IntervalLine interval={record.interval} /></Row>
        <Row term="Rationale"><p className="whitespace-pre-wrap">{record.rationale}</p></Row>
        {record.supersedes ? (
          <Row term="Supersedes">
            <Link href={`/calibration/freezes/${record.supersedes.id}`} className="text-accent-strong underline underline-offset-2">Record #{record.supersedes.id}</Link>: {record.supersedes.reason}
          </Row>
        ) : null}
        <Row term="Selection rule">
          {record.rule ? (
            <div className="space-y-1">
              <p>{record.rule.text}</p>
              <p className="text-sm">
                {record.rule.before_verdicts ? "Recorded before any verdict was imported." : "Recorded after verdicts were imported (not a pre-registration)."}{" "}
                <strong>{record.rule.followed ? "The freeze follows it." : "The freeze departs from it:"}</strong>
              </p>
              {record.rule.deviations.length ? <ul className="list-disc pl-5 text-sm">{record.rule.deviations.map((d) => <li key={d}>{d}</li>)}</ul> : null}
            </div>
          ) : (
            "None was recorded."
          )}
        </Row>
        <Row term="Fingerprint">
          <code className="break-all">{record.fingerprint.value}</code>
          <span className="block text-sm text-slate-600">SHA-256 of the exact units, consensus and verdicts ({record.fingerprint.form})</span>
        </Row>
        <Row term="Engine">{record.scope.resamples.toLocaleString("en-GB")} bootstrap resamples, seed {record.scope.seed}; {record.scope.responses.length} responses, clinicians {record.scope.clinicians.join(", ")}</Row>
        <Row term="Frozen">{record.frozen_by.name} ({record.frozen_by.id}), {WHEN.format(new Date(record.frozen_at))} UTC</Row>
        <Row term="Rubric versions">
          <details>
            <summary className="cursor-pointer">{versions.length} items, each pinned to one rubric version</summary>
            <ul className="mt-2 columns-2 font-mono text-xs sm:columns-3">
              {versions.map(([item, version]) => <li key={item}>{item} v{version}</li>)}
            </ul>
          </details>
        </Row>
      </dl>
      <section aria-labelledby="figures" className="space-y-3">
        <h2 id="figures" className="text-xl font-semibold text-slate-900">By dimension</h2>
        <FiguresTable figures={record.figures} caption="κ and macro-F1 against the clinician consensus where the panel was ranked." />
        {record.reported_figures ? <FiguresTable figures={record.reported_figures} caption="The same on the held-out private-split items." /> : null}
      </section>
    </div>
  );
}

/** The panel judges that were on a simulated endpoint when frozen: their verdicts were simulated, not a model's. */
function SimulatedJudges({ settings }: { settings: FrozenRecord["judge_settings"] }) {
  const simulated = Object.entries(settings ?? {}).filter(([, s]) => s?.simulated).map(([id]) => id);
  if (simulated.length === 0) return null;
  return (
    <p className="mt-1 text-sm text-amber-900">
      Simulated: {simulated.join(", ")} {simulated.length === 1 ? "was" : "were"} configured on the demo simulator when frozen; no model gave these verdicts.
    </p>
  );
}
