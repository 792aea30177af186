import type { ReactNode } from "react";
import { ScrollBox } from "@/components/report/scroll-box";
import { tableClass, tdClass, thClass } from "@/components/report/format";

/** A plain figures table: the first column names the row, the others are right-aligned numbers. */
export function SmallTable({ label, columns, rows }: { label: string; columns: string[]; rows: { key: string; cells: ReactNode[] }[] }) {
  return (
    <ScrollBox label={label}>
      <table className={tableClass}>
        <caption className="sr-only">{label}</caption>
        <thead className="bg-slate-50">
          <tr>
            {columns.map((c, i) => (
              <th key={c} scope="col" className={`${thClass} ${i > 0 ? "text-right" : ""}`}>{c}</th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row" className="px-3 py-2 font-medium">{row.cells[0]}</th>
              {row.cells.slice(1).map((cell, i) => (
                <td key={i} className={`${tdClass} text-right`}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}
