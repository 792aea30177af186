import "server-only";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { labelingFlags } from "@/db/schema";
import { audit } from "@/lib/server/audit";
import type { Ctx } from "@/lib/server/context";
import { requireRole } from "@/lib/server/guard";
import { writableResponseAt } from "./assignment";
import type { SkipReason } from "@/lib/labeling/skips";
import { SkipResponseInput } from "./schema";

export interface SkipState {
  reason: SkipReason;
  comment: string | null;
}

/**
 * A clinician skips a response of their queue ("I can't judge this": too distressing,
 * or they cannot judge it), or takes the skip back with `skip: null`. A skip is not a
 * label: the verdicts they gave stay as they are, and it is counted apart. Refused like
 * a label once the set is closed. Audited.
 */
export async function skipResponse({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<SkipState | null> {
  const me = requireRole(ctx, "clinician");
  const { setId, number, skip } = SkipResponseInput.parse(input);
  return getDb().transaction(
    (tx) => {
      const responseId = writableResponseAt(tx, setId, me.id, number);
      const key = and(eq(labelingFlags.setId, setId), eq(labelingFlags.userId, me.id), eq(labelingFlags.responseId, responseId), eq(labelingFlags.kind, "skip"));
      const old = tx.select().from(labelingFlags).where(key).get();
      const now = new Date();
      if (skip === null) {
        if (!old) return null;
        tx.delete(labelingFlags).where(key).run();
      } else if (old) {
        if (old.reason === skip.reason && old.comment === skip.comment) return skip;
        tx.update(labelingFlags).set({ reason: skip.reason, comment: skip.comment, updatedAt: now }).where(key).run();
      } else {
        tx.insert(labelingFlags).values({ setId, userId: me.id, responseId, kind: "skip", reason: skip.reason, comment: skip.comment, createdAt: now, updatedAt: now }).run();
      }
      audit(tx, {
        actor: me.id, action: "labeling.skip", entity: "response", entityId: responseId,
        detail: { set: setId, old: old ? { reason: old.reason, comment: old.comment } : null, new: skip },
      }, now);
      return skip;
    },
    { behavior: "immediate" },
  );
}
