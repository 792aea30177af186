import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { calibrationSetItems, items, labelingFlags, labels, responses, rubricCriteria } from "@/db/schema";
import type { Dimension } from "@/lib/bundle/schema";
import { dialogueTurns, type Turn } from "@/lib/labeling/dialogue";
import { inForce } from "@/lib/labeling/saveDecision";
import type { Ctx } from "@/lib/server/context";
import { NotFound } from "@/lib/server/errors";
import { requireRole } from "@/lib/server/guard";
import { assignedSet, noticeAcknowledged, responseAt } from "./assignment";
import { progressOf, queueEntries, type Progress } from "@/lib/server/sets/progress";
import { saveJournalOf } from "./saveJournal";
import { LabelingViewInput } from "./schema";
import type { SkipState } from "./skipResponse";

/**
 * Everything the labeling screen shows, and nothing else: built field by field so no
 * model, response id, other clinician's label, consensus, judge verdict, reference or
 * clinical note can reach a clinician's browser. The response is known only by its
 * place in this clinician's queue.
 */
export interface LabelingView {
  set: { id: number; name: string; status: "open" | "closed" };
  number: number;
  total: number;
  noticeAcknowledged: boolean;
  /** The simulated user's age band: what resources fit depends on it. */
  age: "U18" | "O18";
  /** The dialogue in order; the last assistant turn is the one being graded. */
  turns: Turn[];
  /** The pinned rubric's criteria in rubric order, with this clinician's own label and ambiguity flag if given. */
  criteria: { id: string; dimension: Dimension; text: string; verdict: boolean | null; rationale: string | null; flag: string | null }[];
  /** This clinician's own skip of the response, if they skipped it. Never anyone else's. */
  skip: SkipState | null;
  progress: Progress;
}

export async function getLabelingView({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<LabelingView> {
  const me = requireRole(ctx, "clinician");
  const { setId, number } = LabelingViewInput.parse(input);
  const db = getDb();
  return db.transaction(
    (tx) => {
      const set = assignedSet(tx, setId, me.id);
      const responseId = responseAt(tx, setId, me.id, number);
      const row = tx
        .select({ userTurns: items.userTurns, assistantTurns: responses.assistantTurns, age: items.age, rubricVersionId: calibrationSetItems.rubricVersionId })
        .from(responses)
        .innerJoin(items, eq(items.id, responses.itemId))
        .innerJoin(calibrationSetItems, and(eq(calibrationSetItems.itemId, items.id), eq(calibrationSetItems.setId, setId)))
        .where(eq(responses.id, responseId))
        .get();
      if (!row) throw new NotFound("There is no response at that place in your queue.");
      const mine = new Map(
        tx.select({ criterionId: labels.criterionId, verdict: labels.verdict, rationale: labels.rationale, givenAt: labels.givenAt })
          .from(labels)
          .where(and(eq(labels.setId, setId), eq(labels.raterId, me.id), eq(labels.responseId, responseId)))
          .all()
          .map((l) => [l.criterionId, l]),
      );
      // Saves accepted while an import held the write lock are shown before they are written (saveLabel.ts).
      const journal = saveJournalOf(db.$client);
      if (journal?.pending) {
        for (const [criterionId, waiting] of journal.ofResponse(setId, me.id, responseId)) {
          mine.set(criterionId, inForce(mine.get(criterionId), { criterionId, ...waiting })!);
        }
      }
      const own = tx
        .select({ kind: labelingFlags.kind, criterionId: labelingFlags.criterionId, reason: labelingFlags.reason, comment: labelingFlags.comment })
        .from(labelingFlags)
        .where(and(eq(labelingFlags.setId, setId), eq(labelingFlags.userId, me.id), eq(labelingFlags.responseId, responseId)))
        .all();
      const flags = new Map(own.flatMap((f) => (f.kind === "ambiguous" && f.criterionId ? [[f.criterionId, f.comment]] : [])));
      const skipped = own.find((f) => f.kind === "skip");
      const criteria = tx
        .select({ id: rubricCriteria.criterionId, dimension: rubricCriteria.dimension, text: rubricCriteria.text })
        .from(rubricCriteria)
        .where(eq(rubricCriteria.rubricVersionId, row.rubricVersionId))
        .orderBy(asc(rubricCriteria.position))
        .all()
        .map((c) => ({ ...c, verdict: mine.get(c.id)?.verdict ?? null, rationale: mine.get(c.id)?.rationale ?? null, flag: flags.get(c.id) ?? null }));
      const turns = dialogueTurns(row.userTurns, row.assistantTurns);
      const entries = queueEntries(tx, setId, me.id);
      return {
        set: { id: set.id, name: set.name, status: set.status },
        number,
        total: entries.length,
        noticeAcknowledged: noticeAcknowledged(tx, setId, me.id),
        age: row.age,
        turns,
        criteria,
        skip: skipped?.reason ? { reason: skipped.reason, comment: skipped.comment } : null,
        progress: progressOf(entries),
      };
    },
    { behavior: "deferred" },
  );
}
