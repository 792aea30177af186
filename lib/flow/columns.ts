import type { FlowIssue } from "./issues";

/** The rubric columns the flow reads, by the header VERA-MH gives them. */
export const RUBRIC_COLUMNS = {
  id: "Question ID",
  dimension: "Dimension",
  severity: "Severity",
  riskType: "Risk Type",
  question: "Question",
  examples: "Examples",
  answer: "Answer",
  goto: "GOTO",
  auto: "Auto Answer",
} as const;
export type RubricColumn = keyof typeof RUBRIC_COLUMNS;

const REQUIRED: RubricColumn[] = ["id", "dimension", "severity", "question", "answer", "goto"];

const normalize = (header: string) => header.trim().replace(/\s+/g, " ").toLowerCase();

export interface ColumnMap {
  /** Cell index of each column the flow reads; -1 when the file has none. */
  index: Record<RubricColumn, number>;
  /** The other columns (notes), by cell index, with their header (or `column N`). */
  notes: { index: number; name: string }[];
}

/**
 * Finds the flow's columns by header name (trimmed, spaces collapsed, any case);
 * `Risk Type`, `Examples` and `Auto Answer` may be absent, the others may not.
 */
export function mapColumns(header: string[], line: number, issues: FlowIssue[]): ColumnMap {
  const index = Object.fromEntries(Object.keys(RUBRIC_COLUMNS).map((k) => [k, -1])) as Record<RubricColumn, number>;
  const byName = new Map<string, RubricColumn>(
    (Object.entries(RUBRIC_COLUMNS) as [RubricColumn, string][]).map(([key, name]) => [normalize(name), key]),
  );
  const notes: ColumnMap["notes"] = [];
  header.forEach((cell, i) => {
    const key = byName.get(normalize(cell));
    if (!key) notes.push({ index: i, name: cell.trim() || `column ${i + 1}` });
    else if (index[key] >= 0) issues.push({ line, column: RUBRIC_COLUMNS[key], reason: `the column appears twice (cells ${index[key] + 1} and ${i + 1})` });
    else index[key] = i;
  });
  for (const key of REQUIRED) {
    if (index[key] < 0) issues.push({ line, column: RUBRIC_COLUMNS[key], reason: "missing column" });
  }
  return { index, notes };
}
