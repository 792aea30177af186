import "server-only";
import type { Db } from "@/db/client";
import type { Decoding } from "@/lib/runs/execute";
import type { ClaimedCall } from "@/lib/runs/queue";
import { flowMessages, nextFlowStep, questionOptions, type FlowTurn } from "@/lib/flow/judgeFlow";
import { UNRATED } from "@/lib/flow/walk";
import { loadRubric } from "@/lib/server/vera/access";

/**
 * The flow calls of `flow_judge` runs (docs/runs.md, "Flow judge runs"): one call per
 * judge, conversation and rubric question, planned lazily — the next question's call
 * is added in the transaction that stores the previous answer, and the finished walk's
 * ratings are written as the study's judge results in it too. A resumed run therefore
 * never asks a stored answer again, and never loses the next question.
 */

/** The `run_id` of a flow run's judge results (vera_judge_results). */
export const flowResultsRunId = (runId: number) => `concord-run-${runId}`;

export interface FlowCallRow {
  id: number;
  run_id: number;
  actor: string;
  endpoint_id: number;
  conversation_id: string | null;
  question_id: string | null;
  raw: string | null;
  parsed: string | null;
  last_error: string | null;
}

/** Runs' rubrics (and judges), parsed once per queue: a run's spec never changes. */
export class FlowRuns {
  private readonly rubrics = new Map<number, ReturnType<typeof loadRubric> & { judges: string[] }>();

  constructor(private readonly db: Db) {}

  private run(runId: number) {
    let found = this.rubrics.get(runId);
    if (!found) {
      const spec = JSON.parse((this.db.$client.prepare("SELECT spec FROM runs WHERE id = ?").get(runId) as { spec: string }).spec) as { rubricId: number; judges: string[] };
      found = { ...loadRubric(this.db, spec.rubricId), judges: spec.judges };
      this.rubrics.set(runId, found);
    }
    return found;
  }

  /** Claimed flow rows as calls: the conversation in the system prompt, the question in the user prompt. */
  load<R extends FlowCallRow>(rows: R[], judges: Map<string, Decoding>, unusable: (row: R) => { raw: string; problem: string; answers: number } | null): ClaimedCall[] {
    const c = this.db.$client;
    const turns = new Map<string, FlowTurn[]>();
    const read = c.prepare("SELECT turns FROM vera_conversations WHERE id = ?");
    for (const id of new Set(rows.map((r) => r.conversation_id!))) turns.set(id, JSON.parse((read.get(id) as { turns: string }).turns));
    return rows.map((row) => {
      const { rubric } = this.run(row.run_id);
      const question = rubric.questions.find((q) => q.id === row.question_id)!;
      const previous = unusable(row);
      return {
        id: row.id,
        runId: row.run_id,
        endpointId: row.endpoint_id,
        answersSoFar: previous?.answers ?? 0,
        call: {
          kind: "judge",
          decoding: judges.get(row.actor)!,
          messages: flowMessages(turns.get(row.conversation_id!)!, question),
          previous: previous && { raw: previous.raw, problem: previous.problem },
          options: questionOptions(question),
        },
      };
    });
  }

  /**
   * After a flow call's answer (or its missing answer) is stored, inside the same
   * transaction: the judge's next question on the conversation is queued, or the walk
   * has ended and its ratings become judge results (an unrated dimension has none).
   */
  advance(runId: number, judge: string, conversationId: string, callId: number, now: number): void {
    const c = this.db.$client;
    const { rubric, graph, judges } = this.run(runId);
    const settled = c
      .prepare("SELECT question_id AS q, status, parsed FROM run_calls WHERE run_id = ? AND actor = ? AND conversation_id = ? AND status IN ('done', 'missing')")
      .all(runId, judge, conversationId) as { q: string; status: string; parsed: string | null }[];
    const answers = new Map<string, string | null>();
    const reasoning = new Map<string, string>();
    for (const s of settled) {
      const parsed = s.status === "done" && s.parsed ? (JSON.parse(s.parsed) as { answer: string; reasoning: string }) : null;
      answers.set(s.q, parsed ? parsed.answer : null);
      if (parsed) reasoning.set(s.q, parsed.reasoning);
    }
    const step = nextFlowStep(graph, answers);
    if ("ask" in step) {
      c.prepare(`INSERT INTO run_calls (run_id, kind, actor, endpoint_id, key, conversation_id, question_id, model, template_hash, updated_at)
          SELECT run_id, 'flow', actor, endpoint_id, ?, conversation_id, ?, model, template_hash, ? FROM run_calls WHERE id = ?
          ON CONFLICT (run_id, key) DO NOTHING`)
        .run(`${judge}|${conversationId}|${step.ask}`, step.ask, now, callId);
      return;
    }
    const fileName = (c.prepare("SELECT file_name AS f FROM vera_conversations WHERE id = ?").get(conversationId) as { f: string }).f;
    const insert = c.prepare(`INSERT INTO vera_judge_results (conversation_id, file_name, run_id, judge_model, judge_instance, judge_id, dimension, category, yes_question_id, reasoning, created_at)
      VALUES (?, ?, ?, ?, '1', ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`);
    step.done.ratings.forEach((category, d) => {
      if (category === UNRATED) return;
      const yes = step.done.firstFailure[d];
      insert.run(conversationId, fileName, flowResultsRunId(runId), judge, String(judges.indexOf(judge)), rubric.dimensions[d], category, yes, yes ? (reasoning.get(yes) ?? null) : null, now);
    });
  }
}
