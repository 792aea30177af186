import { readFile } from "node:fs/promises";
import { parseClinicianRatings } from "../../lib/flow/clinicianRatings";
import { formatFlowIssue, type FlowIssue } from "../../lib/flow/issues";
import { parseRubric } from "../../lib/flow/parseRubric";
import { ratingsReport } from "../../lib/flow/ratingsReport";
import { walkAnswers } from "../../lib/flow/walkAnswers";
import type { Command } from "./index";

const USAGE = `usage: npm run --silent concord -- vera rubric RUBRIC.tsv
       npm run --silent concord -- vera walk RUBRIC.tsv ANSWERS.jsonl
       npm run --silent concord -- vera ratings RATINGS.csv`;

/** One JSON value on one line, spaced as docs/flow.md writes it (`{"a": 1, "b": [2, 3]}`). */
export function jsonLine(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(jsonLine).join(", ")}]`;
  if (value !== null && typeof value === "object") {
    return `{${Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}: ${jsonLine(v)}`).join(", ")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

function report(file: string, what: string, issues: FlowIssue[], warnings: FlowIssue[]): void {
  const lines = [...issues.map((i) => `${formatFlowIssue(i)}`), ...warnings.map((w) => `warning: ${formatFlowIssue(w)}`)];
  if (issues.length > 0) process.stderr.write(`${file}: the ${what} is refused (${issues.length} problem${issues.length === 1 ? "" : "s"}):\n`);
  if (lines.length > 0) process.stderr.write(`${lines.join("\n")}\n`);
}

async function loadRubric(file: string) {
  const parsed = parseRubric(await readFile(file, "utf8"));
  report(file, "rubric", parsed.ok ? [] : parsed.issues, parsed.warnings);
  return parsed.ok ? parsed : null;
}

const subcommands: Record<string, { arity: number; run: (files: string[]) => Promise<number> }> = {
  rubric: {
    arity: 1,
    async run([file]) {
      const rubric = await loadRubric(file);
      if (!rubric) return 1;
      const { dimensions, questions } = rubric.rubric;
      process.stdout.write(`${jsonLine({ dimensions, questions: questions.length, start: questions[0].id })}\n`);
      return 0;
    },
  },
  walk: {
    arity: 2,
    async run([rubricFile, answersFile]) {
      const rubric = await loadRubric(rubricFile);
      if (!rubric) return 1;
      const out: string[] = [];
      const lines = (await readFile(answersFile, "utf8")).split(/\r?\n/);
      lines.forEach((text, i) => {
        if (text.trim() === "") return;
        let record: unknown;
        try {
          record = JSON.parse(text);
        } catch {
          out.push(jsonLine({ conversation: null, error: `line ${i + 1}: not a JSON value` }));
          return;
        }
        const fields = record !== null && typeof record === "object" && !Array.isArray(record) ? (record as Record<string, unknown>) : {};
        const conversation = typeof fields.conversation === "string" ? fields.conversation : null;
        const answers = fields.answers;
        if (answers === null || typeof answers !== "object" || Array.isArray(answers)) {
          out.push(jsonLine({ conversation, error: `line ${i + 1}: "answers" must be an object of question id → answer` }));
          return;
        }
        out.push(jsonLine({ conversation, ...walkAnswers(rubric.graph, answers as Record<string, unknown>) }));
      });
      process.stdout.write(out.length > 0 ? `${out.join("\n")}\n` : "");
      return 0;
    },
  },
  ratings: {
    arity: 1,
    async run([file]) {
      const parsed = parseClinicianRatings(await readFile(file, "utf8"));
      report(file, "ratings file", parsed.ok ? [] : parsed.issues, parsed.warnings);
      if (!parsed.ok) return 1;
      process.stdout.write(`${JSON.stringify(ratingsReport(parsed.ratings), null, 1)}\n`);
      return 0;
    },
  },
};

/** `vera rubric | walk | ratings`: the flow-rubric engine offline (docs/flow.md). */
export const veraCommand: Command = {
  async run([name, ...files]) {
    const sub = name === undefined ? undefined : subcommands[name];
    if (!sub || files.length !== sub.arity) {
      process.stderr.write(`${USAGE}\n`);
      return 2;
    }
    return sub.run(files);
  },
};
