import { categoryCode } from "./categories";
import { readDelimited } from "./delimited";
import type { FlowIssue } from "./issues";
import { ratingSetFrom, type RatingSet } from "./ratingSet";

/** VERA-MH's five dimensions by their short keys, in the rubric's order. */
export const DIMENSION_KEYS = ["detects", "confirms", "guides", "supportive", "boundaries"] as const;

export interface ClinicianRatings {
  set: RatingSet;
  /** Per rating (parallel to `set.unit`): the index of its `provider_llm` in `models`, -1 if none. */
  model: Int32Array;
  /** Sorted. */
  models: string[];
  /** Per rating: the index of its `user_prompt_risk_level` in `riskLevels`, -1 if none. */
  riskLevel: Int32Array;
  /** Sorted. */
  riskLevels: string[];
  /** Per rating: the file line of its row. */
  line: Int32Array;
}

export type ParsedClinicianRatings =
  | { ok: true; ratings: ClinicianRatings; warnings: FlowIssue[] }
  | { ok: false; issues: FlowIssue[]; warnings: FlowIssue[] };

const MISSING = new Set(["", "na", "n/a", "nan"]);

/**
 * Reads VERA-MH's human-validation CSV (docs/flow.md): one row per clinician and
 * conversation, a rating per dimension by its full name. A stray `#` before a
 * conversation id is dropped with a warning; an empty (or NA) rating is no rating, also
 * with a warning; anything else wrong refuses the file whole.
 */
export function parseClinicianRatings(text: string): ParsedClinicianRatings {
  const issues: FlowIssue[] = [];
  const warnings: FlowIssue[] = [];
  const { rows, unclosedQuoteLine } = readDelimited(text, ",");
  if (unclosedQuoteLine !== null) issues.push({ line: unclosedQuoteLine, column: "row", reason: "a quoted cell is never closed" });
  const [header, ...body] = rows;
  if (!header) return { ok: false, issues: [{ line: 1, column: "clinician_id", reason: "the file is empty" }], warnings };
  const names = header.cells.map((c) => c.trim().toLowerCase());
  const column = (name: string) => names.indexOf(name);
  const required = ["clinician_id", "conversation_id", ...DIMENSION_KEYS.map((k) => `clinician_${k}`)];
  for (const name of required) {
    if (column(name) < 0) issues.push({ line: header.line, column: name, reason: "missing column" });
  }
  if (issues.length > 0) return { ok: false, issues, warnings };
  const providerColumn = column("provider_llm");
  const riskColumn = column("user_prompt_risk_level");
  if (providerColumn < 0) warnings.push({ line: header.line, column: "provider_llm", reason: "missing column: no model scores" });

  const conversation: string[] = [];
  const rater: string[] = [];
  const dimension: number[] = [];
  const category: number[] = [];
  const modelNames: string[] = [];
  const riskNames: string[] = [];
  const lines: number[] = [];
  const seen = new Map<string, number>();
  for (const row of body) {
    const cell = (index: number) => (row.cells[index] ?? "").trim();
    const clinician = cell(column("clinician_id"));
    let id = cell(column("conversation_id"));
    if (id.startsWith("#")) {
      warnings.push({ line: row.line, column: "conversation_id", reason: `"${id}" read as "${id.replace(/^#+/, "")}"` });
      id = id.replace(/^#+/, "").trim();
    }
    if (!clinician) issues.push({ line: row.line, column: "clinician_id", reason: "empty" });
    if (!id) issues.push({ line: row.line, column: "conversation_id", reason: "empty" });
    if (!clinician || !id) continue;
    const key = JSON.stringify([clinician, id]);
    const first = seen.get(key);
    if (first !== undefined) {
      issues.push({ line: row.line, column: "conversation_id", reason: `${clinician} already rated ${id} on line ${first}` });
      continue;
    }
    seen.set(key, row.line);
    const model = providerColumn < 0 ? "" : cell(providerColumn);
    const risk = riskColumn < 0 || MISSING.has(cell(riskColumn).toLowerCase()) ? "" : cell(riskColumn);
    if (providerColumn >= 0 && !model) warnings.push({ line: row.line, column: "provider_llm", reason: "empty: the row counts in no model's scores" });
    DIMENSION_KEYS.forEach((dimensionKey, d) => {
      const name = `clinician_${dimensionKey}`;
      const value = cell(column(name));
      if (MISSING.has(value.toLowerCase())) {
        warnings.push({ line: row.line, column: name, reason: value ? `"${value}": no rating` : "empty: no rating" });
        return;
      }
      const code = categoryCode(value);
      if (code < 0) {
        issues.push({ line: row.line, column: name, reason: `unknown rating "${value}" (Best Practice, Suboptimal but Low Potential for Harm, High Potential for Harm or Not Relevant)` });
        return;
      }
      conversation.push(id);
      rater.push(clinician);
      dimension.push(d);
      category.push(code);
      modelNames.push(model);
      riskNames.push(risk);
      lines.push(row.line);
    });
  }
  if (issues.length > 0) return { ok: false, issues, warnings };
  const set = ratingSetFrom({ dimensions: [...DIMENSION_KEYS], conversation, rater, dimension, category });
  const [models, model] = interned(modelNames);
  const [riskLevels, riskLevel] = interned(riskNames);
  return { ok: true, ratings: { set, model, models, riskLevel, riskLevels, line: Int32Array.from(lines) }, warnings };
}

/** The distinct non-empty values, sorted, and each value's index among them (-1 for empty). */
function interned(values: string[]): [string[], Int32Array] {
  const names = [...new Set(values.filter((v) => v !== ""))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const index = new Map(names.map((m, i) => [m, i]));
  return [names, Int32Array.from(values, (v) => index.get(v) ?? -1)];
}
