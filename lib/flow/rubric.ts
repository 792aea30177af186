/** A flow rubric as Concord reads it from a VERA-MH `rubric.tsv` (docs/flow.md). */
export type Severity = "Red" | "Yellow" | null;

/** Where an answer option leads. */
export type Goto =
  /** Empty GOTO (and an implicit No): the next question in file order, or the end. */
  | { kind: "next" }
  /** An implicit Yes: the first question of the next dimension, or the end. */
  | { kind: "next_dimension" }
  | { kind: "question"; id: string }
  /** Stop; every dimension is not_relevant. */
  | { kind: "end" }
  /** Stop; the current dimension is rated by the question's severity. */
  | { kind: "assign_end" }
  /** The current dimension is not_relevant; go on at `id`. */
  | { kind: "not_relevant"; id: string };

export interface RubricOption {
  answer: string;
  goto: Goto;
  /** The line the option is written on (its question's line when implicit). */
  line: number;
  /** The Yes / No a question without written options has. */
  implicit: boolean;
}

export interface RubricNote {
  line: number;
  column: string;
  text: string;
}

export interface RubricQuestion {
  id: string;
  line: number;
  dimension: string;
  severity: Severity;
  riskType: string;
  question: string;
  examples: string;
  options: RubricOption[];
  /** Answered with its single option, without asking. */
  auto: boolean;
  /** Cells of the columns the flow ignores, kept for people. */
  notes: RubricNote[];
}

export interface Rubric {
  /** In order of first appearance. */
  dimensions: string[];
  /** In file order; the flow starts at the first. */
  questions: RubricQuestion[];
}

/** Whether an option's answer is the one that carries its question's severity. */
export function isYes(answer: string): boolean {
  return answer.trim().toLowerCase() === "yes";
}
