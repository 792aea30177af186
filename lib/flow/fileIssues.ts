import type { FlowIssue } from "./issues";

/** How many problems an import lists at most; the rest are counted. */
export const ISSUE_CAP = 200;

/** An import's problems as `file:line: column: reason`, at most ISSUE_CAP of them and a count of the rest. */
export function fileIssues(files: { file: string; issues: readonly FlowIssue[] }[]): string[] {
  const all = files.flatMap(({ file, issues }) => issues.map((i) => `${file}:${i.line}: ${i.column}: ${i.reason}`));
  if (all.length <= ISSUE_CAP) return all;
  return [...all.slice(0, ISSUE_CAP), `… and ${all.length - ISSUE_CAP} more`];
}
