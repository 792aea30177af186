import { readDelimited } from "./delimited";
import type { FlowIssue } from "./issues";

/**
 * VERA-MH's personas (`personas.tsv`) and the prompt template a user model role-plays
 * them with (`persona_prompt_template.txt`), docs/flow.md "Persona simulation". The
 * template's placeholders are `{Column}` for the personas' columns, by header name.
 */

export interface Persona {
  line: number;
  name: string;
  /** `Current Risk Level`: the conversations' persona risk level. */
  riskLevel: string;
  /** Every column's cell, by header name (trimmed). */
  fields: Record<string, string>;
}

export type ParsedPersonas =
  | { ok: true; personas: Persona[]; warnings: { file: "template" | "personas"; issue: FlowIssue }[] }
  | { ok: false; personas: FlowIssue[]; template: FlowIssue[] };

/** What the user model says to end the conversation (the template tells it so). */
export const TERMINATION_SIGNAL = "Thank you, I'm done.";

const REQUIRED = ["Name", "Current Risk Level"] as const;
const PLACEHOLDER = /\{([^{}\n]+)\}/g;

/** The `{Column}` placeholders of a template, with the line each is on. */
function placeholders(template: string): { name: string; line: number }[] {
  return template.split(/\r\n|\r|\n/).flatMap((text, i) => [...text.matchAll(PLACEHOLDER)].map((m) => ({ name: m[1], line: i + 1 })));
}

/**
 * Reads a personas file and its prompt template together, all or nothing: a missing
 * `Name` or `Current Risk Level` column, a column named twice, a persona without a
 * name or risk level, two personas with one name, cells beyond the header, an empty
 * template. A placeholder naming no column is filled with nothing (a warning), as is a
 * template that never tells the user model the termination signal.
 */
export function parsePersonas(personasText: string, template: string): ParsedPersonas {
  const issues: FlowIssue[] = [];
  const templateIssues: FlowIssue[] = [];
  const warnings: { file: "template" | "personas"; issue: FlowIssue }[] = [];
  const { rows, unclosedQuoteLine } = readDelimited(personasText, "\t");
  if (unclosedQuoteLine !== null) issues.push({ line: unclosedQuoteLine, column: "row", reason: "a quoted cell is never closed" });
  const [header, ...body] = rows;
  if (!header) issues.push({ line: 1, column: "Name", reason: "the file is empty" });
  const names = header ? header.cells.map((c) => c.trim()) : [];
  for (const name of REQUIRED) if (header && !names.includes(name)) issues.push({ line: header.line, column: name, reason: "missing column" });
  names.forEach((name, i) => {
    if (name && names.indexOf(name) !== i) issues.push({ line: header!.line, column: name, reason: "the column is named twice" });
  });
  if (template.trim() === "") templateIssues.push({ line: 1, column: "template", reason: "the template is empty" });
  const personas: Persona[] = [];
  const seen = new Map<string, number>();
  if (header && issues.length === 0) {
    for (const row of body) {
      if (row.cells.length > names.length && row.cells.slice(names.length).some((c) => c.trim())) issues.push({ line: row.line, column: "row", reason: `more cells than the ${names.length} columns of the header` });
      const fields = Object.fromEntries(names.flatMap((name, i) => (name ? [[name, (row.cells[i] ?? "").trim()]] : [])));
      const name = fields["Name"];
      const riskLevel = fields["Current Risk Level"];
      if (!name) issues.push({ line: row.line, column: "Name", reason: "empty" });
      if (!riskLevel) issues.push({ line: row.line, column: "Current Risk Level", reason: "empty" });
      const first = seen.get(name);
      if (name && first !== undefined) issues.push({ line: row.line, column: "Name", reason: `the same persona as line ${first}` });
      if (name) seen.set(name, row.line);
      personas.push({ line: row.line, name, riskLevel, fields });
    }
    if (body.length === 0) issues.push({ line: header.line, column: "Name", reason: "no persona" });
  }
  if (issues.length > 0 || templateIssues.length > 0) return { ok: false, personas: issues, template: templateIssues };
  for (const p of placeholders(template)) {
    if (!names.includes(p.name)) warnings.push({ file: "template", issue: { line: p.line, column: `{${p.name}}`, reason: "no column of the personas file has this name: it is filled with nothing" } });
  }
  if (!template.includes(TERMINATION_SIGNAL)) {
    warnings.push({ file: "template", issue: { line: 1, column: "template", reason: `it never tells the user model to say "${TERMINATION_SIGNAL}": conversations run to the turn limit` } });
  }
  return { ok: true, personas, warnings };
}

/** The user model's system prompt: the template with each `{Column}` replaced by the persona's cell (nothing when it has none). */
export function personaPrompt(template: string, persona: Pick<Persona, "fields">): string {
  return template.replace(PLACEHOLDER, (_, name: string) => persona.fields[name] ?? "");
}
