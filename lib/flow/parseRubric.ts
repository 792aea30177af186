import { mapColumns, RUBRIC_COLUMNS, type ColumnMap, type RubricColumn } from "./columns";
import { readDelimited, type DelimitedRow } from "./delimited";
import { compileFlow, type FlowGraph } from "./flowGraph";
import { checkFlow } from "./checkFlow";
import type { FlowIssue } from "./issues";
import { isYes, type Goto, type Rubric, type RubricQuestion, type Severity } from "./rubric";

export type ParsedRubric =
  | { ok: true; rubric: Rubric; graph: FlowGraph; warnings: FlowIssue[] }
  | { ok: false; issues: FlowIssue[]; warnings: FlowIssue[] };

const SEVERITIES = new Map<string, Severity>([["", null], ["red", "Red"], ["yellow", "Yellow"]]);
const AUTO = new Map<string, boolean>([["", false], ["true", true], ["false", false], ["yes", true], ["no", false], ["1", true], ["0", false]]);

function parseGoto(text: string): Goto | { error: string } {
  if (text === "") return { kind: "next" };
  const upper = text.toUpperCase();
  if (upper === "END") return { kind: "end" };
  if (upper === "ASSIGN_END") return { kind: "assign_end" };
  const notRelevant = /^NOT_RELEVANT\s*>>\s*(.*)$/i.exec(text);
  if (notRelevant) {
    const id = notRelevant[1].trim();
    return id ? { kind: "not_relevant", id } : { error: "NOT_RELEVANT>> needs a question id after it" };
  }
  return { kind: "question", id: text };
}

/**
 * Reads and validates a VERA-MH `rubric.tsv` of any version (docs/flow.md): every
 * problem is collected as `line N: column: reason`, and a rubric with any is refused
 * whole. Warnings (the old `Yelow`, a question never reached, …) do not refuse it.
 */
export function parseRubric(text: string): ParsedRubric {
  const issues: FlowIssue[] = [];
  const warnings: FlowIssue[] = [];
  const { rows, unclosedQuoteLine } = readDelimited(text, "\t");
  if (unclosedQuoteLine !== null) issues.push({ line: unclosedQuoteLine, column: "row", reason: "a quoted cell is never closed" });
  const [header, ...body] = rows;
  if (!header) return { ok: false, issues: [{ line: 1, column: RUBRIC_COLUMNS.id, reason: "the file is empty" }], warnings };
  const columns = mapColumns(header.cells, header.line, issues);
  if (issues.length > 0) return { ok: false, issues, warnings };

  const questions: RubricQuestion[] = [];
  const firstLine = new Map<string, number>();
  for (const row of body) {
    const cell = (key: RubricColumn) => cellOf(row, columns, key);
    if (row.cells.length > header.cells.length && row.cells.slice(header.cells.length).some((c) => c.trim() !== "")) {
      warnings.push({ line: row.line, column: `column ${header.cells.length + 1}`, reason: "cells beyond the header are ignored" });
    }
    const id = cell("id");
    let question = questions[questions.length - 1];
    if (id) {
      const seen = firstLine.get(id);
      if (seen !== undefined) issues.push({ line: row.line, column: RUBRIC_COLUMNS.id, reason: `"${id}" is already the id of the question on line ${seen}` });
      else firstLine.set(id, row.line);
      question = {
        id,
        line: row.line,
        dimension: cell("dimension"),
        severity: severityOf(row, cell("severity"), issues, warnings),
        riskType: cell("riskType"),
        question: cell("question"),
        examples: cell("examples"),
        options: [],
        auto: autoOf(row, cell("auto"), issues),
        notes: [],
      };
      if (!question.dimension) issues.push({ line: row.line, column: RUBRIC_COLUMNS.dimension, reason: "a question needs a dimension" });
      if (!question.question) warnings.push({ line: row.line, column: RUBRIC_COLUMNS.question, reason: "the question has no text" });
      questions.push(question);
    }
    const answer = cell("answer");
    const gotoText = cell("goto");
    if (!question) {
      if (answer || gotoText) issues.push({ line: row.line, column: RUBRIC_COLUMNS.id, reason: "an answer option before the first question" });
      continue;
    }
    for (const note of columns.notes) {
      const text = (row.cells[note.index] ?? "").trim();
      if (text) question.notes.push({ line: row.line, column: note.name, text });
    }
    if (!answer) {
      if (gotoText) issues.push({ line: row.line, column: RUBRIC_COLUMNS.answer, reason: `empty, but GOTO is "${gotoText}"` });
      continue;
    }
    const goto = parseGoto(gotoText);
    if ("error" in goto) {
      issues.push({ line: row.line, column: RUBRIC_COLUMNS.goto, reason: goto.error });
      continue;
    }
    const duplicate = question.options.find((o) => o.answer.toLowerCase() === answer.toLowerCase());
    if (duplicate) issues.push({ line: row.line, column: RUBRIC_COLUMNS.answer, reason: `"${answer}" is already an option of question ${question.id} (line ${duplicate.line})` });
    if (goto.kind === "assign_end" && !isYes(answer)) {
      issues.push({ line: row.line, column: RUBRIC_COLUMNS.goto, reason: `ASSIGN_END is allowed only on a Yes option, not on "${answer}"` });
    }
    question.options.push({ answer, goto, line: row.line, implicit: false });
  }

  if (questions.length === 0) issues.push({ line: header.line, column: RUBRIC_COLUMNS.id, reason: "the rubric has no questions" });
  for (const question of questions) {
    if (question.options.length === 0) {
      question.options = [
        { answer: "Yes", goto: { kind: "next_dimension" }, line: question.line, implicit: true },
        { answer: "No", goto: { kind: "next" }, line: question.line, implicit: true },
      ];
    }
    if (question.auto && question.options.length !== 1) {
      issues.push({ line: question.line, column: RUBRIC_COLUMNS.auto, reason: `allowed only on a question with one option; question ${question.id} has ${question.options.length}` });
    }
    if (question.options.length === 1) question.auto = true;
    for (const option of question.options) {
      const target = option.goto.kind === "question" || option.goto.kind === "not_relevant" ? option.goto.id : null;
      if (target !== null && !firstLine.has(target)) issues.push({ line: option.line, column: RUBRIC_COLUMNS.goto, reason: `no question "${target}"` });
    }
  }
  if (issues.length > 0) return { ok: false, issues, warnings };

  const dimensions = [...new Set(questions.map((q) => q.dimension))];
  const rubric = { dimensions, questions };
  const graph = compileFlow(rubric);
  checkFlow(rubric, graph, issues, warnings);
  return issues.length > 0 ? { ok: false, issues, warnings } : { ok: true, rubric, graph, warnings };
}

function cellOf(row: DelimitedRow, columns: ColumnMap, key: RubricColumn): string {
  const index = columns.index[key];
  return index < 0 ? "" : (row.cells[index] ?? "").trim();
}

function severityOf(row: DelimitedRow, text: string, issues: FlowIssue[], warnings: FlowIssue[]): Severity {
  const lower = text.toLowerCase();
  if (lower === "yelow") {
    warnings.push({ line: row.line, column: RUBRIC_COLUMNS.severity, reason: `"${text}" read as Yellow` });
    return "Yellow";
  }
  const severity = SEVERITIES.get(lower);
  if (severity === undefined) {
    issues.push({ line: row.line, column: RUBRIC_COLUMNS.severity, reason: `unknown severity "${text}" (Red, Yellow or empty)` });
    return null;
  }
  if (severity !== null && text !== severity) warnings.push({ line: row.line, column: RUBRIC_COLUMNS.severity, reason: `"${text}" read as ${severity}` });
  return severity;
}

function autoOf(row: DelimitedRow, text: string, issues: FlowIssue[]): boolean {
  const auto = AUTO.get(text.toLowerCase());
  if (auto === undefined) {
    issues.push({ line: row.line, column: RUBRIC_COLUMNS.auto, reason: `"${text}" is not true or false` });
    return false;
  }
  return auto;
}
