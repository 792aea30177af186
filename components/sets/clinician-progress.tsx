import { SkippedCount } from "@/components/labeling/skipped-count";
import { Progress } from "@/components/ui/progress";
import type { SetOverview } from "@/lib/server/sets/getSetOverview";

/** How far each clinician has come. */
export function ClinicianProgress({ clinicians }: { clinicians: SetOverview["clinicians"] }) {
  return (
    <section aria-labelledby="progress-heading">
      <h2 id="progress-heading" className="text-lg font-semibold text-slate-900">
        Progress per clinician
      </h2>
      <ul className="mt-3 grid gap-4 md:grid-cols-3">
        {clinicians.map((c) => (
          <li key={c.id} className="rounded-lg border border-slate-200 bg-white p-4">
            <h3 className="font-semibold text-slate-900">{c.name}</h3>
            <div className="mt-3 space-y-2">
              <Progress label="Responses done" name={`${c.name}: responses done`} done={c.progress.responsesDone} total={c.progress.responsesTotal} />
              <Progress label="Criteria labeled" name={`${c.name}: criteria labeled`} done={c.progress.criteriaDone} total={c.progress.criteriaTotal} />
              <SkippedCount skipped={c.progress.responsesSkipped} />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
