import type { SetCoverage } from "@/lib/server/reports/getCoverage";
import { ScrollBox } from "./scroll-box";
import { Notice } from "@/components/ui/notice";
import { dimensionLabel, percent } from "@/lib/format";
import { tableClass, tdClass, thClass } from "./format";
import { plural } from "@/lib/wording";

const SHOWN = 50;

/** Per judge: units with a verdict, missing (null) and absent; then the units no judge covers. */
export function CoverageTable({ coverage }: { coverage: SetCoverage }) {
  if (coverage.judges.length === 0) {
    return <Notice tone="info">No judge has a verdict on this set&apos;s {coverage.units} units yet. Import a bundle of verdict lines above.</Notice>;
  }
  const { uncovered } = coverage;
  return (
    <div className="space-y-6">
      <ScrollBox label="Coverage by judge">
        <table className={tableClass}>
          <caption className="px-3 pt-3 text-left text-sm text-slate-600">
            Each judge over the set&apos;s {coverage.units} units (response × criterion of the pinned rubric).
          </caption>
          <thead className="bg-slate-50">
            <tr>
              <th scope="col" className={thClass}>Judge</th>
              <th scope="col" className={`${thClass} text-right`}>With a verdict</th>
              <th scope="col" className={`${thClass} text-right`}>Missing (unparsed)</th>
              <th scope="col" className={`${thClass} text-right`}>Absent</th>
              <th scope="col" className={`${thClass} text-right`}>Coverage</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {coverage.judges.map((j) => (
              <tr key={j.judge}>
                <th scope="row" className="px-3 py-2 font-medium">{j.judge}</th>
                <td className={`${tdClass} text-right`}>{j.verdicts}</td>
                <td className={`${tdClass} text-right`}>{j.missing}</td>
                <td className={`${tdClass} text-right`}>{j.absent}</td>
                <td className={`${tdClass} text-right`}>{percent(coverage.units === 0 ? null : j.verdicts / coverage.units)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
      {coverage.outside > 0 ? (
        <p className="text-sm text-slate-600">
          {plural(coverage.outside, "verdict")} on this set&apos;s responses {coverage.outside === 1 ? "is" : "are"} on criteria outside the rubric versions it pinned; {coverage.outside === 1 ? "it is" : "they are"} not used.
        </p>
      ) : null}
      {uncovered.length === 0 ? (
        <p className="text-slate-700">Every unit has at least one judge&apos;s verdict.</p>
      ) : (
        <div className="space-y-3">
          <Notice tone="info" title={`${plural(uncovered.length, "unit has", "units have")} no verdict from any judge.`}>
            No panel can say anything about these units; they are left out of every panel&apos;s figures.
          </Notice>
          <ScrollBox label="Units without a verdict, scrollable" className="max-h-96 overflow-y-auto">
            <table className={tableClass}>
              <caption className="sr-only">Units with no verdict from any judge</caption>
              <thead className="bg-slate-50">
                <tr>
                  <th scope="col" className={thClass}>Item</th>
                  <th scope="col" className={thClass}>Response</th>
                  <th scope="col" className={thClass}>Criterion</th>
                  <th scope="col" className={thClass}>Dimension</th>
                  <th scope="col" className={`${thClass} text-right`}>Weight</th>
                  <th scope="col" className={`${thClass} text-right`}>Unparsed verdicts</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {uncovered.slice(0, SHOWN).map((u) => (
                  <tr key={`${u.response}|${u.criterion}`}>
                    <td className="px-3 py-2 font-mono text-xs">{u.item}</td>
                    <td className="px-3 py-2 font-mono text-xs">{u.response}</td>
                    <td className="px-3 py-2 font-mono text-xs">{u.criterion}</td>
                    <td className="px-3 py-2">{dimensionLabel(u.dimension)}</td>
                    <td className={`${tdClass} text-right`}>{u.weight}</td>
                    <td className={`${tdClass} text-right`}>{u.nulls}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
          {uncovered.length > SHOWN ? <p className="text-sm text-slate-600">And {uncovered.length - SHOWN} more.</p> : null}
        </div>
      )}
    </div>
  );
}
