import { Criterion, type Dimension } from "@/lib/bundle/schema";
import type { Provenance } from "@/lib/rubric/revisionStats";
import type { StoredCriterion } from "@/lib/server/authoring/rubrics";
import { DraftCriterion } from "@/lib/server/authoring/schema";

/** A criterion row as the editor holds it: the weight stays the text typed until it is valid. */
export interface Row {
  key: string;
  id: string | null;
  dimension: Dimension;
  weight: string;
  text: string;
  /** Null for a row added here and not saved yet. */
  provenance: Provenance | null;
  keptAsDrafted: boolean | null;
}

export const rowsFrom = (criteria: readonly StoredCriterion[]): Row[] =>
  criteria.map((c) => ({ key: c.id, id: c.id, dimension: c.dimension, weight: String(c.weight), text: c.text, provenance: c.provenance, keptAsDrafted: c.keptAsDrafted }));

export interface RowProblems {
  /** Problems a draft cannot hold: they stop the autosave. */
  weight: string | null;
  text: string | null;
  /** Only publishing needs this one. */
  empty: boolean;
}

const first = (result: { success: boolean; error?: { issues: { message: string }[] } }) => (result.success ? null : (result.error?.issues[0]?.message ?? "is not valid"));

export function rowProblems(row: Row): RowProblems {
  const typed = row.weight.trim();
  const weight = typed === "" || Number.isNaN(Number(typed)) ? "must be a whole number from 1 to 20" : first(DraftCriterion.shape.weight.safeParse(Number(typed)));
  return { weight, text: first(DraftCriterion.shape.text.safeParse(row.text)), empty: !Criterion.shape.text.safeParse(row.text).success };
}

/** The first problem that stops the autosave, as a sentence, or null. */
export function draftBlocker(rows: readonly Row[]): string | null {
  for (const [i, row] of rows.entries()) {
    const p = rowProblems(row);
    if (p.weight) return `criterion ${i + 1}: the weight ${p.weight}.`;
    if (p.text) return `criterion ${i + 1}: the text ${p.text}.`;
  }
  return null;
}

export const toDraft = (rows: readonly Row[]): DraftCriterion[] =>
  rows.map((r) => ({ id: r.id, dimension: r.dimension, weight: Number(r.weight.trim()), text: r.text }));

