import { ScrollBox } from "@/components/report/scroll-box";
import { dimensionLabel, fmt } from "@/lib/format";
import { tableClass, thClass } from "@/components/report/format";
import type { ScoreReport } from "@/lib/scoring/report";

/** Five shades, light to dark; the two darkest carry white text (every pair passes WCAG AA contrast). */
const SHADES = ["bg-teal-50 text-slate-900", "bg-teal-100 text-slate-900", "bg-teal-200 text-slate-900", "bg-teal-700 text-white", "bg-teal-900 text-white"];

export function shadeOf(value: number | null): string {
  if (value === null) return "bg-white text-slate-600";
  return SHADES[Math.min(SHADES.length - 1, Math.floor(value * SHADES.length))];
}

/** Each model's subscore on each dimension, shaded by value: a table, so every value is read out as text. */
export function DimensionHeatmap({ report }: { report: ScoreReport }) {
  const dimensions = Object.keys(report.choice_capability);
  return (
    <ScrollBox label="Dimension subscores by model">
      <table className={tableClass}>
        <caption className="px-3 pt-3 text-left text-sm text-slate-600">
          Subscores from 0 to 1; darker is higher (bands of 0.2). A dash: no judged unit of that dimension.
        </caption>
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={thClass}>Model</th>
            {dimensions.map((d) => (
              <th key={d} scope="col" className={`${thClass} text-right`}>{dimensionLabel(d)}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {report.models.map((m) => (
            <tr key={m.model} className="border-t border-slate-100">
              <th scope="row" className="px-3 py-2 font-medium">{m.model}</th>
              {dimensions.map((d) => (
                <td key={d} className={`px-3 py-2 text-right tabular-nums ${shadeOf(m.dimensions[d] ?? null)}`}>{fmt(m.dimensions[d] ?? null)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}
