import type { ClinicianStats } from "@/lib/server/sets/getLabelerStats";
import { plural } from "@/lib/wording";

const cell = "px-4 py-2 text-right tabular-nums";
const head = "px-4 py-2 text-right font-semibold";

const minutes = (value: number | null) => (value === null ? "—" : value < 1 ? `${Math.round(value * 60)} s` : `${value.toFixed(1)} min`);

/** Each clinician's pace and how often they turned a verdict around (docs/metrics.md#labeler-statistics). */
export function LabelerStats({ stats }: { stats: ClinicianStats[] }) {
  return (
    <section aria-labelledby="labeler-stats-heading" className="space-y-3">
      <h2 id="labeler-stats-heading" className="text-lg font-semibold text-slate-900">
        Labeler statistics
      </h2>
      <p className="max-w-prose text-sm text-slate-700">
        From the verdicts given in Concord (imported labels carry no timing). Labeling time leaves out gaps of more than 10 minutes; a
        dash: not enough verdicts yet.
      </p>
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Labeler statistics per clinician</caption>
          <thead className="text-slate-700">
            <tr>
              <th scope="col" className="px-4 py-2 font-semibold">Clinician</th>
              <th scope="col" className={head}>Median time per response</th>
              <th scope="col" className={head}>Labeling time</th>
              <th scope="col" className={head}>Responses per hour</th>
              <th scope="col" className={head}>Verdicts changed</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {stats.map((s) => (
              <tr key={s.id}>
                <th scope="row" className="px-4 py-2 font-normal">{s.name}</th>
                <td className={cell}>{minutes(s.medianMinutesPerResponse)}</td>
                <td className={cell}>{minutes(s.units === 0 ? null : s.activeMinutes)}</td>
                <td className={cell}>{s.responsesPerHour === null ? "—" : s.responsesPerHour.toFixed(1)}</td>
                <td className={cell}>
                  {s.units === 0 ? "—" : `${s.changes} of ${plural(s.units, "unit")} (${((s.changes / s.units) * 100).toFixed(1)}%)`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
