import type { CalibrationReport } from "@/lib/calibration/report";
import { ScrollBox } from "./scroll-box";
import { dimensionLabel, fmt } from "@/lib/format";
import { tableClass, tdClass, thClass } from "./format";

/** For each dimension: the top panel without it, and where today's top panel then falls. */
export function AblationTable({ ablation }: { ablation: CalibrationReport["ablation"] }) {
  return (
    <ScrollBox label="Ablation by dimension">
      <table className={tableClass}>
        <caption className="px-3 pt-3 text-left text-sm text-slate-600">
          Dropping one dimension&apos;s units and ranking again. A top panel that falls far is fragile.
        </caption>
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={thClass}>Without</th>
            <th scope="col" className={thClass}>Top panel then</th>
            <th scope="col" className={`${thClass} text-right`}>Its κ</th>
            <th scope="col" className={`${thClass} text-right`}>Today&apos;s top panel ranks</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {Object.entries(ablation).map(([dimension, entry]) => (
            <tr key={dimension}>
              <th scope="row" className="px-3 py-2 font-medium">{dimensionLabel(dimension)}</th>
              <td className="px-3 py-2">{entry.top?.join(", ") ?? "—"}</td>
              <td className={`${tdClass} text-right`}>{fmt(entry.top_kappa, 4)}</td>
              <td className={`${tdClass} text-right ${entry.rank_of_overall_top !== null && entry.rank_of_overall_top > 1 ? "font-semibold text-amber-800" : ""}`}>
                {entry.rank_of_overall_top ?? "—"}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}
