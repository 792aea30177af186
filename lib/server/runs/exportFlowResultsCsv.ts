import "server-only";
import { getDb } from "@/db/client";
import { resultsCsv, type ResultsRow } from "@/lib/flow/resultsCsv";
import type { Ctx } from "@/lib/server/context";
import { Invalid, NotFound } from "@/lib/server/errors";
import { requireRole } from "@/lib/server/guard";
import { loadRubric } from "@/lib/server/vera/access";
import { flowResultsRunId } from "./flowCalls";
import { RunIdInput } from "./schema";

/**
 * A flow judge run's ratings as VERA-MH's `results.csv` (docs/runs.md): one row per
 * judge and conversation whose walk has ended, each dimension's rating, the question
 * that decided it and the judge's reasoning there; an unrated dimension is left empty.
 * Lead only.
 */
export async function exportFlowResultsCsv({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<string> {
  requireRole(ctx, "lead");
  const { runId } = RunIdInput.parse(input);
  const db = getDb();
  const run = db.$client.prepare("SELECT kind, spec FROM runs WHERE id = ?").get(runId) as { kind: string; spec: string } | undefined;
  if (!run) throw new NotFound(`There is no run ${runId}.`);
  if (run.kind !== "flow_judge") throw new Invalid("Only a flow judge run has VERA-MH results.");
  const spec = JSON.parse(run.spec) as { rubricId: number; judges: string[] };
  const dimensions = loadRubric(db, spec.rubricId).rubric.dimensions;
  const dimensionIndex = new Map(dimensions.map((name, d) => [name, d]));
  const results = db.$client
    .prepare(`SELECT conversation_id AS conversation, file_name AS fileName, judge_model AS judge, judge_id AS judgeId, dimension, category, yes_question_id AS yesQuestionId, reasoning
      FROM vera_judge_results WHERE run_id = ? ORDER BY judge_model, conversation_id, id`)
    .all(flowResultsRunId(runId)) as { conversation: string; fileName: string; judge: string; judgeId: string; dimension: string; category: number; yesQuestionId: string | null; reasoning: string | null }[];
  const rows = new Map<string, ResultsRow>();
  for (const r of results) {
    const key = `${r.judge}|${r.conversation}`;
    const row = rows.get(key) ?? { fileName: r.fileName, runId: flowResultsRunId(runId), judgeModel: r.judge, judgeInstance: 1, judgeId: r.judgeId, ratings: dimensions.map(() => null) };
    row.ratings[dimensionIndex.get(r.dimension)!] = { category: r.category, yesQuestionId: r.yesQuestionId, reasoning: r.reasoning };
    rows.set(key, row);
  }
  return resultsCsv(dimensions, [...rows.values()]);
}
