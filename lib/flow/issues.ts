/** A problem in an input file, located like every importer's: `line N: column: reason`. */
export interface FlowIssue {
  line: number;
  column: string;
  reason: string;
}

export function formatFlowIssue(issue: FlowIssue): string {
  return `line ${issue.line}: ${issue.column}: ${issue.reason}`;
}
