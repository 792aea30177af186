import "server-only";
import { getDb } from "@/db/client";
import { CATEGORY_NAMES } from "@/lib/flow/categories";
import { csvCell, csvFreeText } from "@/lib/csv";
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
  const header = ["filename", "run_id", "judge_model", "judge_instance", "judge_id", ...dimensions.flatMap((d) => [d, `${d}_yes_question_id`, `${d}_yes_reasoning`])];
  const rows = new Map<string, { conversation: string; rater: string; cells: string[] }>();
  for (const r of ratings) {
    const key = `${r.conversationId}|${r.rater}`;
    const row = rows.get(key) ?? { conversation: r.conversationId, rater: r.rater, cells: dimensions.flatMap(() => ["", "", ""]) };
    row.cells[3 * r.dimension] = CATEGORY_NAMES[r.category];
    row.cells[3 * r.dimension + 1] = r.firstFailure ?? "";
    rows.set(key, row);
  }
  const raters = figures.agreement.raters;
  const lines = [header.map(csvCell).join(",")];
  for (const row of rows.values()) {
    const fileName = conversations.get(row.conversation)?.fileName ?? row.conversation;
    lines.push([fileName, `study-${study.id}`, csvFreeText(row.rater), 1, raters.indexOf(row.rater), ...row.cells].map(csvCell).join(","));
  }
  return lines.join("\r\n") + "\r\n";
}
