import { csvCell, csvFreeText } from "../csv";
import type { ReferenceCeiling, ScoreReport } from "./report";

/** The CSV's reference-ceiling row's model cell; ids have no spaces or brackets. */
export const REFERENCE_CEILING_ROW = "(reference ceiling)";

const num = (x: number | null | undefined) => (x === null || x === undefined ? "" : String(x));

/**
 * The leaderboard as CSV: one row per model in leaderboard order, every per-model figure
 * of the report (docs/scoring.md#the-report) as plain unrounded numbers; an undefined
 * figure is an empty cell. The reference ceiling, when graded, is a last row without rank or band.
 */
export function leaderboardCsv(report: ScoreReport): string {
  const dimensions = [...new Set(report.models.flatMap((m) => Object.keys(m.dimensions)))];
  const families = report.models.some((m) => m.family_excluded_score !== undefined);
  const header = [
    "rank", "band", "model", "score", "ci95_low", "ci95_high", "all_met", "items", "responses", "unscored", "empty", "empty_share",
    ...dimensions.map((d) => `dimension_${d}`), "gap_identified", "gap_not_referred", "gap_share", ...(families ? ["family_excluded_score"] : []),
  ];
  const figures = (m: ReferenceCeiling) => [
    num(m.score), num(m.ci95?.[0]), num(m.ci95?.[1]), num(m.all_met),
    String(m.items), String(m.responses), String(m.unscored), String(m.empty), num(m.empty_share),
    ...dimensions.map((d) => num(m.dimensions[d])), String(m.gap.identified), String(m.gap.not_referred), num(m.gap.share),
  ];
  const rows = report.models.map((m) => [String(m.rank), String(m.band), csvFreeText(m.model), ...figures(m), ...(families ? [num(m.family_excluded_score)] : [])]);
  // the ceiling is no model: no rank or band, and a label no model id can be
  const ceiling = report.reference_ceiling;
  if (ceiling) rows.push(["", "", REFERENCE_CEILING_ROW, ...figures(ceiling), ...(families ? [""] : [])]);
  return [header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
