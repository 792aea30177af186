import "server-only";
import { Conflict } from "@/lib/server/errors";

/**
 * The refusal of a stale publish: someone published since the draft started. The
 * editor answers a 409 by showing both versions side by side for merging.
 */
export function staleDraft(latest: { authorName: string; version: number } | null, baseVersion: number | null): Conflict {
  const by = latest ? `${latest.authorName} published version ${latest.version}` : "Someone published a version";
  const from = baseVersion === null ? "before any version existed" : `from version ${baseVersion}`;
  return new Conflict(`${by} after your draft started ${from}. Compare the two and merge them before publishing; your draft is kept.`);
}
