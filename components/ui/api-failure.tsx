"use client";

import { IssueList } from "@/components/ui/issue-list";
import { Notice } from "@/components/ui/notice";
import { ApiError, UNREACHABLE } from "@/lib/http/apiFetch";

/** A failed call's sentence (the server's, or that it could not be reached), what did not happen, and the problems it listed. */
export function ApiFailure({ error, consequence }: { error: Error | null; consequence: string }) {
  if (!error) return null;
  const failure = error instanceof ApiError ? error : new ApiError(0, UNREACHABLE);
  return (
    <div className="space-y-3">
      <Notice tone="error" title={failure.message}>{consequence}</Notice>
      <IssueList issues={failure.issues} more={failure.more} />
    </div>
  );
}
