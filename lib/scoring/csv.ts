import { csvCell, csvFreeText } from "../csv";
import type { ScoreReport } from "./report";

const num = (x: number | null | undefined) => (x === null || x === undefined ? "" : String(x));

/**
 * The leaderboard as CSV: one row per model in leaderboard order, every per-model figure
 * of the report (docs/scoring.md#the-report) as plain unrounded numbers; an undefined
 * figure is an empty cell.
 */
export function leaderboardCsv(report: ScoreReport): string {
  const dimensions = [...new Set(report.models.flatMap((m) => Object.keys(m.dimensions)))];
  const families = report.models.some((m) => m.family_excluded_score !== undefined);
  const header = [
    "rank", "band", "model", "score", "ci95_low", "ci95_high", "all_met", "items", "responses", "unscored", "empty", "empty_share",
    ...dimensions.map((d) => `dimension_${d}`), "gap_identified", "gap_not_referred", "gap_share", ...(families ? ["family_excluded_score"] : []),
  ];
  const rows = report.models.map((m) => [
    String(m.rank), String(m.band), csvFreeText(m.model), num(m.score), num(m.ci95?.[0]), num(m.ci95?.[1]), num(m.all_met),
    String(m.items), String(m.responses), String(m.unscored), String(m.empty), num(m.empty_share),
    ...dimensions.map((d) => num(m.dimensions[d])), String(m.gap.identified), String(m.gap.not_referred), num(m.gap.share),
    ...(families ? [num(m.family_excluded_score)] : []),
  ]);
  return [header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
