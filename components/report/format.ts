export function panelHref(setId: number, judges: readonly string[], selection: string, minCoverage: number): string {
  return `/calibration/sets/${setId}/report/panel?${new URLSearchParams({ judges: judges.join(","), selection, minCoverage: String(minCoverage) })}`;
}

export const tableClass = "w-full text-left text-sm";
export const thClass = "px-3 py-2 font-semibold text-slate-700";
export const tdClass = "px-3 py-2 tabular-nums";
