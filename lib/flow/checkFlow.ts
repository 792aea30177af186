import { RUBRIC_COLUMNS } from "./columns";
import { GO, SKIP_DIMENSION, type FlowGraph } from "./flowGraph";
import type { FlowIssue } from "./issues";
import type { Rubric } from "./rubric";

/**
 * The checks that need the resolved flow: no path may revisit a question (each edge
 * that closes a cycle is an issue, on its option's line), and a question the start
 * never reaches is a warning.
 */
export function checkFlow(rubric: Rubric, graph: FlowGraph, issues: FlowIssue[], warnings: FlowIssue[]): void {
  const count = graph.ids.length;
  const optionLines = rubric.questions.flatMap((q) => q.options.map((o) => o.line));
  const optionIsImplicit = rubric.questions.flatMap((q) => q.options.map((o) => o.implicit));
  const state = new Uint8Array(count); // 0 unseen, 1 on the current path, 2 done
  const onPath: number[] = [];
  const nextOption = new Int32Array(count);
  for (let root = 0; root < count; root++) {
    if (state[root] !== 0) continue;
    state[root] = 1;
    onPath.push(root);
    nextOption[root] = graph.optionStart[root];
    while (onPath.length > 0) {
      const q = onPath[onPath.length - 1];
      const o = nextOption[q];
      if (o >= graph.optionStart[q + 1]) {
        state[q] = 2;
        onPath.pop();
        continue;
      }
      nextOption[q] = o + 1;
      const t = graph.target[o];
      if (t < 0 || (graph.action[o] !== GO && graph.action[o] !== SKIP_DIMENSION)) continue;
      if (state[t] === 1) {
        const cycle = [...onPath.slice(onPath.indexOf(t)), t].map((i) => graph.ids[i]).join(" → ");
        const what = optionIsImplicit[o] ? `the implicit ${graph.optionKey[o] === "yes" ? "Yes" : "No"}` : "it";
        issues.push({ line: optionLines[o], column: RUBRIC_COLUMNS.goto, reason: `a loop: ${what} leads back to question ${graph.ids[t]} (${cycle})` });
      } else if (state[t] === 0) {
        state[t] = 1;
        onPath.push(t);
        nextOption[t] = graph.optionStart[t];
      }
    }
  }
  const reached = new Uint8Array(count);
  const stack = count > 0 ? [0] : [];
  reached[0] = 1;
  while (stack.length > 0) {
    const q = stack.pop() ?? 0;
    for (let o = graph.optionStart[q]; o < graph.optionStart[q + 1]; o++) {
      const t = graph.target[o];
      if (t >= 0 && (graph.action[o] === GO || graph.action[o] === SKIP_DIMENSION) && !reached[t]) {
        reached[t] = 1;
        stack.push(t);
      }
    }
  }
  rubric.questions.forEach((question, q) => {
    if (!reached[q]) warnings.push({ line: question.line, column: RUBRIC_COLUMNS.id, reason: `question ${question.id} is never reached from the start` });
  });
}
