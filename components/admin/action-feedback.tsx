"use client";

import { Notice } from "@/components/ui/notice";
import type { ActionResult } from "@/lib/auth/respond";
import { ApiError, UNREACHABLE } from "@/lib/http/apiFetch";

/** What happened to the last submission: a failure's sentence and issues, or `success`. */
export function ActionFeedback({ result, error, success }: { result?: ActionResult<unknown>; error: Error | null; success: string }) {
  if (error) return <Notice tone="error">{error instanceof ApiError ? error.message : UNREACHABLE}</Notice>;
  if (!result) return null;
  if (result.ok) return <Notice tone="success">{success}</Notice>;
  return (
    <Notice tone="error" title={result.error}>
      {result.issues.length > 0 ? (
        <ul className="list-disc pl-5">
          {result.issues.map((issue) => (
            <li key={issue}>{issue}</li>
          ))}
        </ul>
      ) : null}
    </Notice>
  );
}
