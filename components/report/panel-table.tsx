"use client";

import {
  createColumnHelper, flexRender, getCoreRowModel, getFilteredRowModel, getSortedRowModel, useReactTable, type ColumnFiltersState, type SortingState,
} from "@tanstack/react-table";
import { useVirtualizer } from "@tanstack/react-virtual";
import Link from "next/link";
import { useMemo, useRef, useState } from "react";
import type { CalibrationReport } from "@/lib/calibration/report";
import { labelClass } from "@/components/ui/styles";
import { fmt } from "@/lib/format";
import { panelHref } from "./format";

/** Undefined rather than null, so the table sorts undefined figures last in either direction. */
interface PanelRow {
  rank: number;
  judges: string[];
  kappa?: number;
  macroF1?: number;
  ac1?: number;
  accuracy?: number;
  units: number;
  excluded: number;
  heldKappa?: number;
  heldF1?: number;
}

const ROW_HEIGHT = 40;
const column = createColumnHelper<PanelRow>();
const figure = (digits: number) => (info: { getValue: () => number | undefined }) => fmt(info.getValue(), digits);

function rowsOf(ranked: CalibrationReport, reported: CalibrationReport | null): PanelRow[] {
  const held = new Map(reported?.panels.map((p) => [p.judges.join(","), p]));
  return ranked.panels.map((p) => {
    const h = held.get(p.judges.join(","));
    return {
      rank: p.rank, judges: p.judges, kappa: p.kappa ?? undefined, macroF1: p.macro_f1 ?? undefined, ac1: p.gwet_ac1 ?? undefined,
      accuracy: p.accuracy ?? undefined, units: p.units, excluded: p.excluded, heldKappa: h?.kappa ?? undefined, heldF1: h?.macro_f1 ?? undefined,
    };
  });
}

/**
 * Every panel in one table: sortable by any column, filterable to the panels that
 * contain a judge, and virtualised (only the rows in view are in the DOM), so
 * thousands of panels scroll smoothly. Column widths are fixed so rows entering
 * the view never reflow the table.
 */
export function PanelTable({ setId, ranked, reported, selection }: { setId: number; ranked: CalibrationReport; reported: CalibrationReport | null; selection: string }) {
  const data = useMemo(() => rowsOf(ranked, reported), [ranked, reported]);
  const judges = useMemo(() => ranked.judges.map((j) => j.judge), [ranked]);
  const [sorting, setSorting] = useState<SortingState>([{ id: "rank", desc: false }]);
  const [columnFilters, setColumnFilters] = useState<ColumnFiltersState>([]);
  const judge = (columnFilters.find((f) => f.id === "judges")?.value as string | undefined) ?? "";
  const columns = useMemo(
    () => [
      column.accessor("rank", { header: "Rank", size: 70 }),
      column.accessor((row) => row.judges.join(", "), {
        id: "judges",
        header: "Judges",
        size: 250,
        enableSorting: false,
        filterFn: (row, _id, value: string) => row.original.judges.includes(value),
        cell: (info) => (
          <Link prefetch={false} href={panelHref(setId, info.row.original.judges, selection, ranked.min_coverage)} className="font-medium text-accent-strong underline-offset-2 hover:underline">
            {info.getValue()}
          </Link>
        ),
      }),
      column.accessor("kappa", { header: "κ", size: 80, cell: figure(4), sortUndefined: "last" }),
      column.accessor("macroF1", { header: "Macro-F1", size: 110, cell: figure(4), sortUndefined: "last" }),
      column.accessor("ac1", { header: "AC1", size: 80, cell: figure(3), sortUndefined: "last" }),
      column.accessor("accuracy", { header: "Accuracy", size: 105, cell: figure(3), sortUndefined: "last" }),
      column.accessor("units", { header: "Units", size: 75 }),
      column.accessor("excluded", { header: "Excluded", size: 105 }),
      ...(reported
        ? [
            column.accessor("heldKappa", { header: "κ held out", size: 100, cell: figure(4), sortUndefined: "last" }),
            column.accessor("heldF1", { header: "F1 held out", size: 105, cell: figure(4), sortUndefined: "last" }),
          ]
        : []),
    ],
    [setId, selection, reported, ranked.min_coverage],
  );
  // TanStack's table and virtualizer return fresh functions each render: the component is simply not compiler-memoised.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data,
    columns,
    // Stable state objects: a fresh filter array each render would recompute the row
    // models on every render, and the table's page-index reset would loop forever.
    state: { sorting, columnFilters },
    onSortingChange: setSorting,
    onColumnFiltersChange: setColumnFilters,
    autoResetPageIndex: false,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
  });
  const rows = table.getRowModel().rows;
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 12 });
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  const width = table.getTotalSize();

  return (
    <div>
      <div className="mb-3 flex flex-wrap items-end gap-4">
        <div>
          <label htmlFor="panel-judge-filter" className={labelClass}>Contains judge</label>
          <select id="panel-judge-filter" value={judge} onChange={(e) => setColumnFilters(e.target.value ? [{ id: "judges", value: e.target.value }] : [])} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm">
            <option value="">Any judge</option>
            {judges.map((j) => (
              <option key={j} value={j}>{j}</option>
            ))}
          </select>
        </div>
        <p className="text-sm text-slate-600" aria-live="polite">
          Showing {rows.length} of {data.length} panels
        </p>
      </div>
      <div ref={scroller} data-testid="panel-table-scroller" role="region" tabIndex={0} aria-label="Panels, scrollable" className="h-[28rem] overflow-auto rounded-lg border border-slate-200 bg-white" style={{ overflowAnchor: "none" }}>
        <table aria-rowcount={rows.length + 1} className="table-fixed text-left text-sm" style={{ width }}>
          <caption className="sr-only">Every panel of {ranked.panel_size} judges against the clinician consensus</caption>
          <colgroup>
            {table.getFlatHeaders().map((header) => (
              <col key={header.id} style={{ width: header.getSize() }} />
            ))}
          </colgroup>
          <thead className="sticky top-0 z-10 bg-slate-50 shadow-[0_1px_0_0_var(--color-slate-200)]">
            <tr aria-rowindex={1}>
              {table.getFlatHeaders().map((header) => {
                const sorted = header.column.getIsSorted();
                const numeric = header.id !== "judges";
                return (
                  <th key={header.id} scope="col" aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined} className={`px-3 py-2 font-semibold whitespace-nowrap text-slate-700 ${numeric ? "text-right" : ""}`}>
                    {header.column.getCanSort() ? (
                      <button type="button" onClick={header.column.getToggleSortingHandler()} className="inline-flex items-center gap-1 rounded hover:text-accent-strong">
                        {flexRender(header.column.columnDef.header, header.getContext())}
                        <span aria-hidden="true" className="w-3 text-xs">{sorted === "asc" ? "▲" : sorted === "desc" ? "▼" : ""}</span>
                      </button>
                    ) : (
                      flexRender(header.column.columnDef.header, header.getContext())
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {before > 0 ? <tr aria-hidden="true" style={{ height: before }} /> : null}
            {items.map((item) => {
              const row = rows[item.index];
              return (
                <tr key={row.id} aria-rowindex={item.index + 2} className="border-t border-slate-100" style={{ height: ROW_HEIGHT }}>
                  {row.getVisibleCells().map((cell) => (
                    <td key={cell.id} className={`overflow-hidden px-3 text-ellipsis whitespace-nowrap tabular-nums ${cell.column.id === "judges" ? "" : "text-right"} ${cell.column.id === "kappa" ? "font-semibold" : ""}`}>
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  ))}
                </tr>
              );
            })}
            {after > 0 ? <tr aria-hidden="true" style={{ height: after }} /> : null}
          </tbody>
        </table>
        {rows.length === 0 ? (
          <p className="p-4 text-slate-700">{data.length === 0 ? "No panel can be formed yet: import the judges' verdicts first." : "No panel contains that judge."}</p>
        ) : null}
      </div>
    </div>
  );
}
