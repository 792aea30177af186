import { BEST_PRACTICE, HIGH_HARM, NOT_RELEVANT, SUBOPTIMAL } from "./categories";
import { NO_SEVERITY, RED, SKIP_DIMENSION, STOP_ALL, STOP_ASSIGN, YELLOW, type FlowGraph } from "./flowGraph";

/** A dimension whose question could not be answered (a judge's answer matched no option): no rating. */
export const UNRATED = 255;

/** What a chooser returns for a question that will never be answered: its dimension is unrated, the walk goes on. */
export const UNANSWERABLE = -2;

/** One conversation's walk: a category (or UNRATED) per dimension, first failures (-1: none), path. */
export interface Walk {
  ratings: Uint8Array;
  /** Per dimension: the index of its first visited question answered Yes with a severity. */
  firstFailure: Int32Array;
  /** Question indexes visited, in order. */
  path: number[];
}

/**
 * Picks the option (a global option index of the graph) a question was answered
 * with, -1 when it has no answer yet — the walk then stops there — or UNANSWERABLE.
 */
export type Chooser = (question: number) => number;

const bySeverity = (severity: number) => (severity === RED ? HIGH_HARM : severity === YELLOW ? SUBOPTIMAL : BEST_PRACTICE);

/**
 * Walks the flow from its first question (docs/flow.md): each question's chosen option
 * (its only option when it answers itself) decides the next; a Yes on a question with
 * a severity raises its dimension to suboptimal (Yellow) or high_harm (Red). Then a
 * dimension is not_relevant if END stopped the walk, NOT_RELEVANT>> marked it or it
 * was never visited; the dimension ASSIGN_END stopped in is rated by that question's
 * severity alone. When a question cannot be answered, returns it instead, with the walk
 * so far rated as if it ended there (`partial`: what a guided rating shows). An
 * UNANSWERABLE question leaves its dimension UNRATED, whatever happens later, and the
 * walk goes on at the first question of the next dimension (the end if none).
 */
export function walkFlow(graph: FlowGraph, choose: Chooser): Walk | { unanswered: number; partial: Walk } {
  const dimensions = graph.dimensions.length;
  const worst = new Uint8Array(dimensions);
  const visited = new Uint8Array(dimensions);
  const skipped = new Uint8Array(dimensions);
  const unrated = new Uint8Array(dimensions);
  const firstFailure = new Int32Array(dimensions).fill(-1);
  const path: number[] = [];
  let assigned = -1;
  let assignedRating: number = NOT_RELEVANT;
  let stopAll = false;
  const rate = (): Walk => {
    const ratings = new Uint8Array(dimensions);
    for (let d = 0; d < dimensions; d++) {
      if (unrated[d]) ratings[d] = UNRATED;
      else if (stopAll) ratings[d] = NOT_RELEVANT;
      else if (d === assigned) ratings[d] = assignedRating;
      else if (skipped[d] || !visited[d]) ratings[d] = NOT_RELEVANT;
      else ratings[d] = bySeverity(worst[d]);
    }
    return { ratings, firstFailure, path };
  };
  let q = graph.optionStart.length > 1 ? 0 : -1;
  while (q >= 0) {
    path.push(q);
    const d = graph.dimension[q];
    visited[d] = 1;
    const o = graph.auto[q] ? graph.optionStart[q] : choose(q);
    if (o === UNANSWERABLE) {
      unrated[d] = 1;
      q = d + 1 < dimensions ? graph.firstOfDimension[d + 1] : -1;
      continue;
    }
    if (o < 0) return { unanswered: q, partial: rate() };
    const severity = graph.severity[q];
    if (graph.yes[o] && severity !== NO_SEVERITY) {
      if (severity > worst[d]) worst[d] = severity;
      if (firstFailure[d] < 0) firstFailure[d] = q;
    }
    const action = graph.action[o];
    if (action === STOP_ALL) {
      stopAll = true;
      break;
    }
    if (action === STOP_ASSIGN) {
      assigned = d;
      assignedRating = bySeverity(severity);
      break;
    }
    if (action === SKIP_DIMENSION) skipped[d] = 1;
    q = graph.target[o];
  }
  return rate();
}
