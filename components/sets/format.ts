import { DIMENSION_LABELS } from "@/lib/taxonomy";

/** A figure to three decimals; an undefined one (docs/metrics.md: null) as a dash. */
export function figure(value: number | null): string {
  return value === null ? "—" : value.toFixed(3);
}

/** A share as a percentage with one decimal; null as a dash. */
export function percent(value: number | null): string {
  return value === null ? "—" : `${(value * 100).toFixed(1)}%`;
}

const DIMENSIONS: Record<string, { label: string }> = DIMENSION_LABELS;

/** The label of a dimension named in a report (any name outside the seven shown as it is). */
export function dimensionLabel(name: string): string {
  return DIMENSIONS[name]?.label ?? name;
}
