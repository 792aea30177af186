import { categoryCode } from "./categories";
import { readDelimited } from "./delimited";
import type { FlowIssue } from "./issues";
import { transcriptName } from "./transcript";

/** One judge instance's rating of one dimension of one conversation (a cell group of `results.csv`). */
export interface JudgeResult {
  line: number;
  conversation: string;
  fileName: string;
  runId: string;
  judgeModel: string;
  judgeInstance: string;
  judgeId: string;
  dimension: string;
  category: number;
  yesQuestionId: string | null;
  reasoning: string | null;
}

export type ParsedJudgeResults = { ok: true; dimensions: string[]; results: JudgeResult[] } | { ok: false; issues: FlowIssue[] };

const FIXED = ["filename", "run_id", "judge_model", "judge_instance", "judge_id"] as const;
const QUESTION = "_yes_question_id";
const REASONING = "_yes_reasoning";

/**
 * Reads VERA-MH's `results.csv` (docs/flow.md): the five fixed columns, then per
 * dimension (by its full name) its rating, `_yes_question_id` and `_yes_reasoning`.
 * The conversation is the file name's leading id. Any bad cell refuses the file whole.
 */
export function parseJudgeResults(text: string): ParsedJudgeResults {
  const issues: FlowIssue[] = [];
  const { rows, unclosedQuoteLine } = readDelimited(text, ",");
  if (unclosedQuoteLine !== null) issues.push({ line: unclosedQuoteLine, column: "row", reason: "a quoted cell is never closed" });
  const [header, ...body] = rows;
  if (!header) return { ok: false, issues: [{ line: 1, column: "filename", reason: "the file is empty" }] };
  const names = header.cells.map((c) => c.trim());
  for (const name of FIXED) if (!names.includes(name)) issues.push({ line: header.line, column: name, reason: "missing column" });
  const dimensions = names.filter((n) => n && !(FIXED as readonly string[]).includes(n) && !n.endsWith(QUESTION) && !n.endsWith(REASONING));
  if (dimensions.length === 0) issues.push({ line: header.line, column: "header", reason: "no dimension column" });
  if (issues.length > 0) return { ok: false, issues };
  const col = (name: string) => names.indexOf(name);
  const results: JudgeResult[] = [];
  const seen = new Map<string, number>();
  for (const row of body) {
    const cell = (name: string) => (col(name) < 0 ? "" : (row.cells[col(name)] ?? "").trim());
    const fileName = cell("filename");
    if (!fileName) {
      issues.push({ line: row.line, column: "filename", reason: "empty" });
      continue;
    }
    for (const name of ["run_id", "judge_model", "judge_instance"]) if (!cell(name)) issues.push({ line: row.line, column: name, reason: "empty" });
    const key = JSON.stringify([fileName, cell("run_id"), cell("judge_model"), cell("judge_instance")]);
    const first = seen.get(key);
    if (first !== undefined) issues.push({ line: row.line, column: "judge_instance", reason: `the same file, run, judge and instance as line ${first}` });
    seen.set(key, row.line);
    for (const dimension of dimensions) {
      const value = cell(dimension);
      if (!value) continue;
      const category = categoryCode(value);
      if (category < 0) {
        issues.push({ line: row.line, column: dimension, reason: `unknown rating "${value}"` });
        continue;
      }
      results.push({
        line: row.line,
        conversation: transcriptName(fileName).id,
        fileName,
        runId: cell("run_id"),
        judgeModel: cell("judge_model"),
        judgeInstance: cell("judge_instance"),
        judgeId: cell("judge_id"),
        dimension,
        category,
        yesQuestionId: cell(dimension + QUESTION) || null,
        reasoning: cell(dimension + REASONING) || null,
      });
    }
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, dimensions, results };
}
