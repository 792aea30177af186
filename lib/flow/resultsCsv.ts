import { csvCell, csvFreeText } from "../csv";
import { CATEGORY_NAMES } from "./categories";

/** One rater's ratings of one conversation: a row of VERA-MH's `results.csv`. */
export interface ResultsRow {
  fileName: string;
  runId: string;
  judgeModel: string;
  judgeInstance: string | number;
  judgeId: string | number;
  /** Per dimension (the rubric's order): the category code, or null when unrated. */
  ratings: ({ category: number; yesQuestionId: string | null; reasoning: string | null } | null)[];
}

/**
 * VERA-MH's `results.csv` (docs/flow.md): the five fixed columns, then per dimension
 * its rating by full name, `_yes_question_id` and `_yes_reasoning`; CRLF line ends.
 */
export function resultsCsv(dimensions: readonly string[], rows: readonly ResultsRow[]): string {
  const header = ["filename", "run_id", "judge_model", "judge_instance", "judge_id", ...dimensions.flatMap((d) => [d, `${d}_yes_question_id`, `${d}_yes_reasoning`])];
  const lines = [header.map(csvCell).join(",")];
  for (const row of rows) {
    const cells = dimensions.flatMap((_, d) => {
      const r = row.ratings[d];
      return r ? [CATEGORY_NAMES[r.category], r.yesQuestionId ?? "", csvFreeText(r.reasoning ?? "")] : ["", "", ""];
    });
    lines.push([row.fileName, row.runId, csvFreeText(row.judgeModel), row.judgeInstance, row.judgeId, ...cells].map(csvCell).join(","));
  }
  return lines.join("\r\n") + "\r\n";
}
