import { DIMENSIONS } from "@/lib/bundle/schema";
import type { RevisionCounts, RevisionStats } from "@/lib/rubric/revisionStats";
import { DIMENSION_LABELS } from "@/lib/taxonomy";
import { ScrollBox } from "@/components/report/scroll-box";
import { stickyColumnClass, stickyHeadClass } from "@/components/ui/styles";

const COLUMNS: [keyof RevisionCounts, string][] = [
  ["drafted", "Drafted"],
  ["keptAsDrafted", "Kept as drafted"],
  ["rewritten", "Rewritten"],
  ["reworded", "Reworded"],
  ["reweighted", "Reweighted"],
  ["dimensionChanged", "Dimension changed"],
  ["draftedRemoved", "Drafted, removed"],
  ["added", "Added"],
  ["removed", "Removed"],
  ["weightChanges", "Weight changes"],
  ["criteriaNow", "Criteria now"],
  ["itemsWithAdditions", "Items with additions"],
];

/** The revision counts per dimension (drafted counts by the dimension as drafted; see lib/rubric/revisionStats). */
export function RevisionStatsTable({ stats }: { stats: RevisionStats }) {
  const rows: [string, RevisionCounts][] = [["All dimensions", stats.overall], ...DIMENSIONS.map((d): [string, RevisionCounts] => [DIMENSION_LABELS[d].label, stats.byDimension[d]])];
  return (
    <ScrollBox label="Revision counts per dimension">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Revision counts per dimension</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className={`${stickyHeadClass} px-3 py-2 font-semibold`}>Dimension</th>
            {COLUMNS.map(([key, label]) => (
              <th key={key} scope="col" className="px-3 py-2 text-right font-semibold whitespace-nowrap">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map(([label, counts]) => (
            <tr key={label}>
              <th scope="row" className={`${stickyColumnClass} whitespace-nowrap px-3 py-2 font-medium`}>{label}</th>
              {COLUMNS.map(([key]) => (
                <td key={key} className="px-3 py-2 text-right tabular-nums">
                  {counts[key]}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}
