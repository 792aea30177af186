import { STRATA, STRATUM_LABELS, type Stratum, type StratumRow } from "@/lib/sampling/strata";
import { inTaxonomyOrder } from "@/lib/taxonomy";
import { stratumValueLabel } from "./stratum-labels";

/** Subcategories and stages in the taxonomy's clinical order; the other strata as they come. */
function ordered(stratum: Stratum, rows: StratumRow[]): StratumRow[] {
  if (stratum !== "subcategory" && stratum !== "stage") return rows;
  const byValue = new Map(rows.map((row) => [row.value, row]));
  return inTaxonomyOrder(stratum, [...byValue.keys()]).flatMap((value) => byValue.get(value) ?? []);
}

/** The drawn set next to the corpus it came from, one small table per stratum. */
export function Composition({ composition }: { composition: Record<Stratum, StratumRow[]> }) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {STRATA.map((stratum) => (
        <div key={stratum} className={`overflow-x-auto rounded-lg border border-slate-200 bg-white ${stratum === "subcategory" ? "md:row-span-4" : ""}`}>
          <table className="w-full text-left text-sm">
            <caption className="px-4 pt-3 text-left font-semibold text-slate-900">{STRATUM_LABELS[stratum]}</caption>
            <thead className="text-slate-700">
              <tr>
                <th scope="col" className="px-4 py-2 font-semibold">
                  <span className="sr-only">{STRATUM_LABELS[stratum]}</span>
                </th>
                <th scope="col" className="px-4 py-2 text-right font-semibold">In the corpus</th>
                <th scope="col" className="px-4 py-2 text-right font-semibold">In the set</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {ordered(stratum, composition[stratum]).map((row) => (
                <tr key={row.value}>
                  <th scope="row" className="px-4 py-1.5 font-normal text-slate-800">{stratumValueLabel(stratum, row.value)}</th>
                  <td className="px-4 py-1.5 text-right tabular-nums">{row.population}</td>
                  <td className="px-4 py-1.5 text-right font-semibold tabular-nums">{row.drawn}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
    </div>
  );
}
