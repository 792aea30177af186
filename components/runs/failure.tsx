"use client";

import { ActionFeedback } from "@/components/admin/action-feedback";
import type { ActionResult } from "@/lib/auth/respond";

/** A run action's failure next to the form (its sentence and issues); nothing when it went through. */
export function ActionFailure({ result, error }: { result?: ActionResult<unknown>; error: Error | null }) {
  if (!error && (!result || result.ok)) return null;
  return <ActionFeedback result={result} error={error} success="" />;
}
