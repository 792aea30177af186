import "server-only";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { labelingFlags } from "@/db/schema";
import { audit } from "@/lib/server/audit";
import type { Ctx } from "@/lib/server/context";
import { requireRole } from "@/lib/server/guard";
import { requirePinnedCriterion, writableResponseAt } from "./assignment";
import { FlagCriterionInput } from "./schema";

/**
 * A clinician flags a criterion of a response as ambiguous, with a comment for the
 * rubric's authors, or takes the flag back with `comment: null`. A flag is not a label
 * and changes no verdict. Refused like a label once the set is closed. Audited.
 */
export async function flagCriterion({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<{ comment: string | null }> {
  const me = requireRole(ctx, "clinician");
  const { setId, number, criterionId, comment } = FlagCriterionInput.parse(input);
  return getDb().transaction(
    (tx) => {
      const responseId = writableResponseAt(tx, setId, me.id, number);
      requirePinnedCriterion(tx, setId, responseId, criterionId);
      const key = and(
        eq(labelingFlags.setId, setId), eq(labelingFlags.userId, me.id), eq(labelingFlags.responseId, responseId),
        eq(labelingFlags.criterionId, criterionId), eq(labelingFlags.kind, "ambiguous"),
      );
      const old = tx.select().from(labelingFlags).where(key).get();
      if ((old?.comment ?? null) === comment) return { comment };
      const now = new Date();
      if (comment === null) tx.delete(labelingFlags).where(key).run();
      else if (old) tx.update(labelingFlags).set({ comment, updatedAt: now }).where(key).run();
      else tx.insert(labelingFlags).values({ setId, userId: me.id, responseId, criterionId, kind: "ambiguous", comment, createdAt: now, updatedAt: now }).run();
      audit(tx, {
        actor: me.id, action: "labeling.flag", entity: "response", entityId: responseId,
        detail: { set: setId, criterion: criterionId, old: old?.comment ?? null, new: comment },
      }, now);
      return { comment };
    },
    { behavior: "immediate" },
  );
}
