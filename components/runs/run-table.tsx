import type { ReactNode } from "react";

/** A column heading; numeric columns are right-aligned. */
export type Column = string | { label: string; numeric: true };

export const cellClass = "px-3 py-2";
export const numClass = "px-3 py-2 text-right tabular-nums";

/** The run pages' tables: a hidden caption, a heading row, the rows, an optional footer. */
export function RunTable({ caption, columns, children, foot }: { caption: string; columns: Column[]; children: ReactNode; foot?: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            {columns.map((c) => (typeof c === "string" ? (
              <th key={c} scope="col" className="px-3 py-2 font-semibold">{c}</th>
            ) : (
              <th key={c.label} scope="col" className="px-3 py-2 text-right font-semibold">{c.label}</th>
            )))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
        {foot ? <tfoot className="border-t border-slate-200 font-semibold">{foot}</tfoot> : null}
      </table>
    </div>
  );
}

/** Numeric column headings. */
export const numeric = (...labels: string[]): Column[] => labels.map((label) => ({ label, numeric: true }));
