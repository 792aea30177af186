import { plural } from "@/lib/wording";

/** How many responses were skipped: counted apart from the responses done, and only shown when there are any. */
export function SkippedCount({ skipped }: { skipped: number }) {
  if (skipped === 0) return null;
  return <p className="text-sm text-amber-800">{plural(skipped, "response")} skipped (not counted as done).</p>;
}
