import { SimulatedTag } from "@/components/ui/simulated-tag";
import type { CalibrationReport } from "@/lib/calibration/report";
import { stickyColumnClass, stickyHeadClass } from "@/components/ui/styles";
import { ScrollBox } from "./scroll-box";
import { share, dimensionLabel, fmt } from "@/lib/format";
import { tableClass, tdClass, thClass } from "./format";

/** Every judge alone against the consensus: overall figures, then κ and macro-F1 per dimension; judges of a simulator are marked. */
export function JudgeTable({ judges, simulated }: { judges: CalibrationReport["judges"]; simulated: ReadonlySet<string> }) {
  const dimensions = Object.keys(judges[0]?.by_dimension ?? {});
  return (
    <ScrollBox label="Single judges, scrollable">
      <table className={tableClass}>
        <caption className="px-3 pt-3 text-left text-sm text-slate-600">
          Each judge alone against the clinician consensus; coverage is the share of the consensus units it has a verdict on. Per dimension: κ / macro-F1.
          {judges.some((j) => simulated.has(j.judge)) ? " Judges marked simulated are configured on a simulated endpoint (the demo simulator): their verdicts are simulated, not a model's." : ""}
        </caption>
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={`${thClass} ${stickyHeadClass}`}>Judge</th>
            <th scope="col" className={`${thClass} text-right`}>κ</th>
            <th scope="col" className={`${thClass} text-right`}>Macro-F1</th>
            <th scope="col" className={`${thClass} text-right`}>AC1</th>
            <th scope="col" className={`${thClass} text-right`}>Accuracy</th>
            <th scope="col" className={`${thClass} text-right`}>Units</th>
            <th scope="col" className={`${thClass} text-right`}>Excluded</th>
            <th scope="col" className={`${thClass} text-right`}>Coverage</th>
            <th scope="col" className={thClass}>In panels</th>
            {dimensions.map((d) => (
              <th key={d} scope="col" className={`${thClass} whitespace-nowrap text-right`}>{dimensionLabel(d)}</th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {judges.map((judge) => (
            <tr key={judge.judge}>
              <th scope="row" className={`${stickyColumnClass} whitespace-nowrap px-3 py-2 font-medium`}>
                {judge.judge}
                {simulated.has(judge.judge) ? <SimulatedTag /> : null}
              </th>
              <td className={`${tdClass} text-right font-semibold`}>{fmt(judge.kappa)}</td>
              <td className={`${tdClass} text-right`}>{fmt(judge.macro_f1)}</td>
              <td className={`${tdClass} text-right`}>{fmt(judge.gwet_ac1)}</td>
              <td className={`${tdClass} text-right`}>{fmt(judge.accuracy)}</td>
              <td className={`${tdClass} text-right`}>{judge.units}</td>
              <td className={`${tdClass} text-right`}>{judge.excluded}</td>
              <td className={`${tdClass} text-right`}>{share(judge.coverage)}</td>
              <td className={tdClass}>{judge.candidate ? "yes" : "no: too few verdicts"}</td>
              {dimensions.map((d) => (
                <td key={d} className={`${tdClass} whitespace-nowrap text-right`}>
                  {fmt(judge.by_dimension[d]?.kappa, 2)} / {fmt(judge.by_dimension[d]?.macro_f1, 2)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}
