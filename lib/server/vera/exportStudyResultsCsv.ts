import "server-only";
import { getDb } from "@/db/client";
import { resultsCsv, type ResultsRow } from "@/lib/flow/resultsCsv";
import type { Ctx } from "@/lib/server/context";
import { requireRole } from "@/lib/server/guard";
import { StudyInput } from "./schema";
import { loadStudyData } from "./studyData";

/**
 * A study's ratings as VERA-MH's `results.csv` (docs/flow.md): one row per rater and
 * conversation, the rater in `judge_model` (instance 1, `judge_id` their place among
 * the sorted raters), each dimension's rating by its full name and the question that
 * decided it (guided ratings). Lead only.
 */
export async function exportStudyResultsCsv({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<string> {
  requireRole(ctx, "lead");
  const { studyId } = StudyInput.parse(input);
  const { study, rubric, ratings, conversations, figures } = loadStudyData(getDb(), studyId);
  const dimensions = rubric.rubric.dimensions;
  const rows = new Map<string, { conversation: string; rater: string; ratings: ResultsRow["ratings"] }>();
  for (const r of ratings) {
    const key = `${r.conversationId}|${r.rater}`;
    const row = rows.get(key) ?? { conversation: r.conversationId, rater: r.rater, ratings: dimensions.map(() => null) };
    row.ratings[r.dimension] = { category: r.category, yesQuestionId: r.firstFailure, reasoning: null };
    rows.set(key, row);
  }
  const raters = figures.agreement.raters;
  return resultsCsv(
    dimensions,
    [...rows.values()].map((row) => ({
      fileName: conversations.get(row.conversation)?.fileName ?? row.conversation,
      runId: `study-${study.id}`,
      judgeModel: row.rater,
      judgeInstance: 1,
      judgeId: raters.indexOf(row.rater),
      ratings: row.ratings,
    })),
  );
}
