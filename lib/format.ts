import type { Dimension } from "@/lib/bundle/schema";
import { DIMENSION_LABELS } from "@/lib/taxonomy";

/** How figures read everywhere (pages, CLI summaries): one definition each. */

/** A figure to `digits` decimals; undefined figures (docs/metrics.md's null) show as a dash. */
export function fmt(x: number | null | undefined, digits = 3): string {
  return x === null || x === undefined ? "—" : x.toFixed(digits);
}

/** A difference with its sign, using a true minus sign. */
export function signed(x: number | null | undefined, digits = 4): string {
  if (x === null || x === undefined) return "—";
  return `${x < 0 ? "−" : "+"}${Math.abs(x).toFixed(digits)}`;
}

/** A share as a percentage with one decimal; null as a dash. */
export function percent(x: number | null | undefined): string {
  return x === null || x === undefined ? "—" : `${(x * 100).toFixed(1)}%`;
}

/** A share of the consensus units (a coverage, the excluded units) as a percentage with one decimal; null as a dash. */
export function share(x: number | null | undefined): string {
  return x === null || x === undefined ? "—" : `${(x * 100).toFixed(1)} %`;
}

/** The label of a dimension named in a report (a name outside the seven is shown as it is). */
export function dimensionLabel(dimension: string): string {
  return DIMENSION_LABELS[dimension as Dimension]?.label ?? dimension;
}
