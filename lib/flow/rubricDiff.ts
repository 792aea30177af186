import type { Rubric, RubricQuestion } from "./rubric";

export type QuestionField = "dimension" | "severity" | "question" | "examples" | "options";

export interface QuestionChange {
  field: QuestionField;
  before: string;
  after: string;
}

export type QuestionDiff =
  | { id: string; kind: "added" | "removed"; question: string }
  | { id: string; kind: "changed"; changes: QuestionChange[] };

const gotoText = (option: RubricQuestion["options"][number]) => {
  const g = option.goto;
  if (g.kind === "question") return g.id;
  if (g.kind === "not_relevant") return `NOT_RELEVANT>>${g.id}`;
  if (g.kind === "end") return "END";
  if (g.kind === "assign_end") return "ASSIGN_END";
  return g.kind === "next" ? "(next question)" : "(next dimension)";
};

const fields: Record<QuestionField, (q: RubricQuestion) => string> = {
  dimension: (q) => q.dimension,
  severity: (q) => q.severity ?? "",
  question: (q) => q.question,
  examples: (q) => q.examples,
  options: (q) => q.options.map((o) => `${o.answer} → ${gotoText(o)}`).join("; "),
};

/**
 * A question-level diff of two versions of a flow rubric, matched by question id:
 * questions of `after` that are new, those of `before` that are gone, and for the
 * others every field that differs (dimension, severity, text, examples, options with
 * their GOTO). Unchanged questions are left out. In `after`'s order, removed ones last.
 */
export function diffFlowRubrics(before: Rubric, after: Rubric): QuestionDiff[] {
  const old = new Map(before.questions.map((q) => [q.id, q]));
  const kept = new Set(after.questions.map((q) => q.id));
  const out: QuestionDiff[] = [];
  for (const q of after.questions) {
    const was = old.get(q.id);
    if (!was) {
      out.push({ id: q.id, kind: "added", question: q.question });
      continue;
    }
    const changes = (Object.keys(fields) as QuestionField[])
      .map((field) => ({ field, before: fields[field](was), after: fields[field](q) }))
      .filter((c) => c.before !== c.after);
    if (changes.length > 0) out.push({ id: q.id, kind: "changed", changes });
  }
  for (const q of before.questions) if (!kept.has(q.id)) out.push({ id: q.id, kind: "removed", question: q.question });
  return out;
}
