import type { Dimension } from "@/lib/bundle/schema";
import { DIMENSION_LABELS } from "@/lib/taxonomy";

/** A figure to `digits` decimals; undefined figures (docs/metrics.md's null) show as a dash. */
export function fmt(x: number | null | undefined, digits = 3): string {
  return x === null || x === undefined ? "—" : x.toFixed(digits);
}

/** A difference with its sign, using a true minus sign. */
export function signed(x: number | null | undefined, digits = 4): string {
  if (x === null || x === undefined) return "—";
  return `${x < 0 ? "−" : "+"}${Math.abs(x).toFixed(digits)}`;
}

export function percent(x: number | null | undefined): string {
  return x === null || x === undefined ? "—" : `${(x * 100).toFixed(1)}%`;
}

export function dimensionLabel(dimension: string): string {
  return DIMENSION_LABELS[dimension as Dimension]?.label ?? dimension;
}

export function panelHref(setId: number, judges: readonly string[], selection: string, minCoverage: number): string {
  return `/calibration/sets/${setId}/report/panel?${new URLSearchParams({ judges: judges.join(","), selection, minCoverage: String(minCoverage) })}`;
}

export const tableClass = "w-full text-left text-sm";
export const thClass = "px-3 py-2 font-semibold text-slate-700";
export const tdClass = "px-3 py-2 tabular-nums";
