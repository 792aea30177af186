import "server-only";
import { asc, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { labelingFlags, responses, users } from "@/db/schema";
import type { Dimension } from "@/lib/bundle/schema";
import type { Ctx } from "@/lib/server/context";
import type { SkipReason } from "@/lib/labeling/skips";
import { requireRole } from "@/lib/server/guard";
import { readSet } from "./readSet";
import { SetIdInput } from "./schema";
import { pinnedCriteria } from "./queries";

export interface SetSkip {
  item: string;
  response: string;
  clinician: string;
  reason: SkipReason;
  comment: string | null;
}

export interface FlaggedCriterion {
  item: string;
  id: string;
  dimension: Dimension;
  text: string;
  flags: { clinician: string; response: string; comment: string }[];
}

export interface SetFlags {
  skips: SetSkip[];
  /** Criteria flagged as ambiguous, most often flagged first. */
  criteria: FlaggedCriterion[];
}

/**
 * What the set's clinicians said instead of or beside their verdicts: skipped responses
 * and criteria flagged as ambiguous, with who and their comments. For the lead only;
 * no clinician ever sees another's skips or flags.
 */
export async function listSetFlags({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<SetFlags> {
  requireRole(ctx, "lead");
  const { setId } = SetIdInput.parse(input);
  return getDb().transaction(
    (tx) => {
      readSet(tx, setId);
      const rows = tx
        .select({ kind: labelingFlags.kind, item: responses.itemId, response: labelingFlags.responseId, criterion: labelingFlags.criterionId, reason: labelingFlags.reason, comment: labelingFlags.comment, clinician: users.name })
        .from(labelingFlags)
        .innerJoin(responses, eq(responses.id, labelingFlags.responseId))
        .innerJoin(users, eq(users.id, labelingFlags.userId))
        .where(eq(labelingFlags.setId, setId))
        .orderBy(asc(responses.itemId), asc(labelingFlags.responseId), asc(users.name))
        .all();
      const pinned = new Map(pinnedCriteria(tx, setId).map((c) => [c.id, c]));
      const skips = rows.flatMap((r) => (r.kind === "skip" && r.reason ? [{ item: r.item, response: r.response, clinician: r.clinician, reason: r.reason, comment: r.comment }] : []));
      const flagged = new Map<string, FlaggedCriterion>();
      for (const r of rows) {
        const criterion = r.kind === "ambiguous" && r.criterion ? pinned.get(r.criterion) : undefined;
        if (!criterion) continue;
        const entry = flagged.get(criterion.id) ?? { item: criterion.item, id: criterion.id, dimension: criterion.dimension, text: criterion.text, flags: [] };
        entry.flags.push({ clinician: r.clinician, response: r.response, comment: r.comment ?? "" });
        flagged.set(criterion.id, entry);
      }
      return { skips, criteria: [...flagged.values()].sort((a, b) => b.flags.length - a.flags.length || a.item.localeCompare(b.item)) };
    },
    { behavior: "deferred" },
  );
}
