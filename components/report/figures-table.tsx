import type { PanelFigures } from "@/lib/calibration/schema";
import { ScrollBox } from "./scroll-box";
import { dimensionLabel, fmt } from "@/lib/format";
import { tableClass, tdClass, thClass } from "./format";

/** A panel's overall and per-dimension κ and macro-F1. */
export function FiguresTable({ figures, caption }: { figures: PanelFigures; caption: string }) {
  return (
    <ScrollBox label={caption}>
      <table className={tableClass}>
        <caption className="px-3 pt-3 text-left text-sm text-slate-600">{caption}</caption>
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={thClass}>Dimension</th>
            <th scope="col" className={`${thClass} text-right`}>Units</th>
            <th scope="col" className={`${thClass} text-right`}>κ</th>
            <th scope="col" className={`${thClass} text-right`}>Macro-F1</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          <tr className="bg-slate-50/60">
            <th scope="row" className="px-3 py-2 font-semibold">All dimensions</th>
            <td className={`${tdClass} text-right`}>{figures.units}</td>
            <td className={`${tdClass} text-right font-semibold`}>{fmt(figures.kappa, 4)}</td>
            <td className={`${tdClass} text-right`}>{fmt(figures.macro_f1, 4)}</td>
          </tr>
          {Object.entries(figures.by_dimension).map(([dimension, f]) => (
            <tr key={dimension}>
              <th scope="row" className="px-3 py-2 font-medium">{dimensionLabel(dimension)}</th>
              <td className={`${tdClass} text-right`}>{f.units}</td>
              <td className={`${tdClass} text-right`}>{fmt(f.kappa, 4)}</td>
              <td className={`${tdClass} text-right`}>{fmt(f.macro_f1, 4)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}

