import { CATEGORY_KEYS, type CategoryKey } from "./categories";
import type { FlowGraph } from "./flowGraph";
import { walkFlow } from "./walk";

/** A conversation's walk as `vera walk` writes it, or why it could not be walked. */
export type AnswersWalk =
  | { ratings: Record<string, CategoryKey>; path: string[]; first_failure: Record<string, string> }
  | { error: string };

/**
 * Walks a conversation's answers (question id → answer text). An answer matches an
 * option case-insensitively after trimming; a visited question that does not answer
 * itself needs one, and an answer that matches no option stops the walk with an error.
 * Answers to questions that answer themselves, or that are never visited, are ignored.
 */
export function walkAnswers(graph: FlowGraph, answers: Readonly<Record<string, unknown>>): AnswersWalk {
  let error = "";
  const walk = walkFlow(graph, (q) => {
    const id = graph.ids[q];
    const given = Object.hasOwn(answers, id) ? answers[id] : undefined;
    const options = graph.optionKey.slice(graph.optionStart[q], graph.optionStart[q + 1]);
    if (typeof given !== "string") {
      error = given === undefined ? `question ${id} is visited but has no answer` : `question ${id}: the answer must be text`;
      return -1;
    }
    const match = options.indexOf(given.trim().toLowerCase());
    if (match < 0) {
      error = `question ${id}: "${given}" matches none of its options (${options.join(", ")})`;
      return -1;
    }
    return graph.optionStart[q] + match;
  });
  if ("unanswered" in walk) return { error };
  const ratings: Record<string, CategoryKey> = {};
  const first_failure: Record<string, string> = {};
  graph.dimensions.forEach((name, d) => {
    ratings[name] = CATEGORY_KEYS[walk.ratings[d]];
    if (walk.firstFailure[d] >= 0) first_failure[name] = graph.ids[walk.firstFailure[d]];
  });
  return { ratings, path: walk.path.map((q) => graph.ids[q]), first_failure };
}
