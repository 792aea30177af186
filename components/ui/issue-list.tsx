/** A refused bundle's problems (the server sends the first 200), long lines wrapped, and how many more there are. */
export function IssueList({ issues, more }: { issues: string[]; more: number }) {
  if (issues.length === 0) return null;
  return (
    <div className="space-y-1">
      <ul aria-label="Problems in the bundle" className="max-h-96 overflow-auto rounded-md border border-red-200 bg-white p-3 font-mono text-sm text-red-900">
        {issues.map((issue) => (
          <li key={issue} className="py-0.5 break-words whitespace-pre-wrap">
            {issue}
          </li>
        ))}
      </ul>
      {more > 0 ? (
        <p className="text-sm text-red-900">
          and {more.toLocaleString("en-US")} more problem{more === 1 ? "" : "s"} (the first {issues.length} are listed).
        </p>
      ) : null}
    </div>
  );
}
