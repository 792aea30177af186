import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { getDb, transactionWhenFree } from "@/db/client";
import { calibrationSetItems, labels, responses, rubricCriteria } from "@/db/schema";
import { audit } from "@/lib/server/audit";
import type { Ctx } from "@/lib/server/context";
import { Conflict, Invalid } from "@/lib/server/errors";
import { requireRole } from "@/lib/server/guard";
import { assignedSet, responseAt } from "./assignment";
import { SaveLabelInput } from "./schema";

export interface SavedLabel {
  verdict: boolean;
  rationale: string | null;
  /** True when a later verdict on this unit had already been saved (e.g. from another tab): nothing changed. */
  stale: boolean;
}

/**
 * How far ahead of the server's clock a clinician's `givenAt` may be. A verdict dated
 * further ahead would make every later one on its unit look stale, so it is refused.
 */
export const CLOCK_SKEW_MS = 5 * 60 * 1000;

const LOCKED = "This calibration set is closed, so its labels can no longer change.";
const LOCKED_ELSEWHERE = "This response is also in a closed calibration set, so its labels can no longer change.";

/**
 * Saves one clinician's verdict on one unit: an idempotent upsert keyed by
 * (clinician, response, criterion). Sending the same label twice changes nothing; a
 * label given earlier than the one already saved (a retry arriving late) is ignored,
 * judged by the label's own `given_at`; one dated beyond the clock skew is refused.
 * Refused once the set, or any other closed set holding the response, is closed.
 * Every change is audited with its old and new value.
 */
export async function saveLabel({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<SavedLabel> {
  const me = requireRole(ctx, "clinician");
  const label = SaveLabelInput.parse(input);
  const now = new Date();
  if (label.givenAt > now.getTime() + CLOCK_SKEW_MS) {
    throw new Invalid("This verdict is dated in the future: check the date and time on this device, then give it again.", [
      `givenAt: ${new Date(label.givenAt).toISOString()} is more than ${CLOCK_SKEW_MS / 60_000} minutes ahead of the server's clock`,
    ]);
  }
  // An import writing on its worker thread holds the write lock for a moment: wait for it without stalling the server.
  return transactionWhenFree(getDb(), (tx) => {
    const set = assignedSet(tx, label.setId, me.id);
    if (set.status === "closed") throw new Conflict(LOCKED);
    const responseId = responseAt(tx, label.setId, me.id, label.number);
    const [{ locked }] = tx.all<{ locked: number }>(sql`
      SELECT EXISTS (SELECT 1 FROM calibration_set_responses sr
        JOIN calibration_sets s ON s.id = sr.set_id AND s.status = 'closed'
        JOIN calibration_set_clinicians sc ON sc.set_id = s.id AND sc.user_id = ${me.id}
        WHERE sr.response_id = ${responseId}) AS locked`);
    if (locked) throw new Conflict(LOCKED_ELSEWHERE);
    const pinned = tx
      .select({ id: rubricCriteria.criterionId })
      .from(responses)
      .innerJoin(calibrationSetItems, and(eq(calibrationSetItems.setId, label.setId), eq(calibrationSetItems.itemId, responses.itemId)))
      .innerJoin(rubricCriteria, and(eq(rubricCriteria.rubricVersionId, calibrationSetItems.rubricVersionId), eq(rubricCriteria.criterionId, label.criterionId)))
      .where(eq(responses.id, responseId))
      .get();
    if (!pinned) throw new Invalid("That criterion is not part of this response's rubric.", [`criterionId: "${label.criterionId}" is not a criterion of this response`]);

    const key = and(eq(labels.raterId, me.id), eq(labels.responseId, responseId), eq(labels.criterionId, label.criterionId));
    const old = tx.select().from(labels).where(key).get();
    let id: number;
    if (old) {
      const same = old.verdict === label.verdict && old.rationale === label.rationale;
      if (same || label.givenAt < old.givenAt) return { verdict: old.verdict, rationale: old.rationale, stale: !same };
      tx.update(labels).set({ verdict: label.verdict, rationale: label.rationale, givenAt: label.givenAt, updatedAt: now }).where(key).run();
      id = old.id;
    } else {
      id = tx
        .insert(labels)
        .values({ raterId: me.id, responseId, criterionId: label.criterionId, verdict: label.verdict, rationale: label.rationale, givenAt: label.givenAt, createdAt: now, updatedAt: now })
        .returning({ id: labels.id })
        .get().id;
    }
    audit(tx, {
      actor: me.id,
      action: "label.save",
      entity: "label",
      entityId: id,
      detail: {
        set: label.setId,
        response: responseId,
        criterion: label.criterionId,
        old: old ? { verdict: old.verdict, rationale: old.rationale } : null,
        new: { verdict: label.verdict, rationale: label.rationale },
        givenAt: label.givenAt,
      },
    }, now);
    return { verdict: label.verdict, rationale: label.rationale, stale: false };
  });
}
