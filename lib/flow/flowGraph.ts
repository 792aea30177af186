import { isYes, type Rubric } from "./rubric";

/** What taking an option does besides moving to its target. */
export const GO = 0;
/** END: stop; every dimension is not_relevant. */
export const STOP_ALL = 1;
/** ASSIGN_END: stop; the current dimension is rated by the question's severity. */
export const STOP_ASSIGN = 2;
/** NOT_RELEVANT>>: the current dimension is not_relevant; go on at the target. */
export const SKIP_DIMENSION = 3;

/** Severity codes: a Yes on a question raises its dimension to at least this. */
export const NO_SEVERITY = 0;
export const YELLOW = 1;
export const RED = 2;

/**
 * A rubric compiled for the walker's hot loop: questions and options by index, every
 * GOTO resolved to a question index (-1 = the flow ends there).
 */
export interface FlowGraph {
  ids: string[];
  dimensions: string[];
  /** Per dimension: its first question's index in file order. */
  firstOfDimension: Int32Array;
  /** Per question: its dimension's index, severity code, whether it answers itself. */
  dimension: Int32Array;
  severity: Uint8Array;
  auto: Uint8Array;
  /** Options of question q are optionStart[q] … optionStart[q+1]−1. */
  optionStart: Int32Array;
  /** Per option: the trimmed, lower-cased answer it matches. */
  optionKey: string[];
  target: Int32Array;
  action: Uint8Array;
  yes: Uint8Array;
}

/** Compiles a rubric whose GOTO targets all exist (parseRubric checks that first). */
export function compileFlow(rubric: Rubric): FlowGraph {
  const { questions, dimensions } = rubric;
  const count = questions.length;
  const indexOf = new Map(questions.map((q, i) => [q.id, i]));
  const dimensionIndex = new Map(dimensions.map((d, i) => [d, i]));
  const firstOfDimension = dimensions.map((d) => questions.findIndex((q) => q.dimension === d));
  const optionCount = questions.reduce((sum, q) => sum + q.options.length, 0);
  const graph: FlowGraph = {
    ids: questions.map((q) => q.id),
    dimensions,
    firstOfDimension: Int32Array.from(firstOfDimension),
    dimension: new Int32Array(count),
    severity: new Uint8Array(count),
    auto: new Uint8Array(count),
    optionStart: new Int32Array(count + 1),
    optionKey: [],
    target: new Int32Array(optionCount),
    action: new Uint8Array(optionCount),
    yes: new Uint8Array(optionCount),
  };
  let o = 0;
  questions.forEach((question, q) => {
    const d = dimensionIndex.get(question.dimension) ?? -1;
    graph.dimension[q] = d;
    graph.severity[q] = question.severity === "Red" ? RED : question.severity === "Yellow" ? YELLOW : NO_SEVERITY;
    graph.auto[q] = question.auto ? 1 : 0;
    graph.optionStart[q] = o;
    const next = q + 1 < count ? q + 1 : -1;
    for (const option of question.options) {
      const { goto } = option;
      graph.optionKey.push(option.answer.trim().toLowerCase());
      graph.yes[o] = isYes(option.answer) ? 1 : 0;
      graph.action[o] = goto.kind === "end" ? STOP_ALL : goto.kind === "assign_end" ? STOP_ASSIGN : goto.kind === "not_relevant" ? SKIP_DIMENSION : GO;
      graph.target[o] =
        goto.kind === "question" || goto.kind === "not_relevant"
          ? (indexOf.get(goto.id) ?? -1)
          : goto.kind === "next"
            ? next
            : goto.kind === "next_dimension" && d + 1 < dimensions.length
              ? firstOfDimension[d + 1]
              : -1;
      o++;
    }
  });
  graph.optionStart[count] = o;
  return graph;
}
