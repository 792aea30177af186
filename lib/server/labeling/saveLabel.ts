import "server-only";
import type Database from "better-sqlite3";
import { BUSY, getDb, perConnection, transactionIfFree, transactionWhenFree } from "@/db/client";
import { inForce, saveDecision, type UnitLabel } from "@/lib/labeling/saveDecision";
import type { Ctx } from "@/lib/server/context";
import { Conflict, Invalid, NotFound } from "@/lib/server/errors";
import { requireRole } from "@/lib/server/guard";
import { applySave, storedLabel, type SavedLabel, type UnitSave } from "./applySave";
import { LOCKED, NO_SUCH_PLACE, NOT_YOURS } from "./assignment";
import { drainSoon } from "./drainSaves";
import { saveJournalOf, type SaveJournal } from "./saveJournal";
import { SaveLabelInput } from "./schema";

export type { SavedLabel } from "./applySave";

/**
 * How far ahead of the server's clock a clinician's `givenAt` may be. A verdict dated
 * further ahead would make every later one on its unit look stale, so it is refused.
 */
export const CLOCK_SKEW_MS = 5 * 60 * 1000;

type Label = ReturnType<typeof SaveLabelInput.parse>;

/**
 * Saves one clinician's verdict on one unit of one set: an idempotent upsert keyed by
 * (set, clinician, response, criterion), so the same response in another set is
 * labeled there on its own. Sending the same label twice changes nothing; a
 * label given earlier than the one already saved (a retry arriving late) is ignored,
 * judged by the label's own `given_at`; one dated beyond the clock skew is refused.
 * Refused once the set is closed (another set holding the response never matters).
 * Every change is audited with its old and new value (applySave).
 *
 * With the write lock free, the save is checked and written in one transaction. While
 * another connection holds it (an import's transaction, for seconds), or while earlier
 * saves still wait in the journal, the save is checked the same way on a read of the
 * database (readers never wait for the writer) and against the saves already waiting,
 * then appended to the durable journal beside the database (saveJournal.ts) and
 * answered at once; drainSaves writes it as soon as the lock is free. An in-memory
 * database has no journal: its saves wait for the lock.
 */
export async function saveLabel({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<SavedLabel> {
  const me = requireRole(ctx, "clinician");
  const label = SaveLabelInput.parse(input);
  const now = Date.now();
  if (label.givenAt > now + CLOCK_SKEW_MS) {
    throw new Invalid("This verdict is dated in the future: check the date and time on this device, then give it again.", [
      `givenAt: ${new Date(label.givenAt).toISOString()} is more than ${CLOCK_SKEW_MS / 60_000} minutes ahead of the server's clock`,
    ]);
  }
  const client = getDb().$client;
  const saveNow = () => applySave(client, checked(client, me.id, label, now));
  const journal = saveJournalOf(client);
  // No journal (an in-memory database): wait for the lock, without stalling the server.
  if (!journal) return transactionWhenFree(client, saveNow);
  if (!journal.pending) {
    const saved = transactionIfFree(client, saveNow);
    if (saved !== BUSY) return saved;
  }
  const read = client.transaction(() => {
    const save = checked(client, me.id, label, now);
    return { save, stored: storedLabel(client, save) };
  });
  return journaled(client, journal, read.deferred());
}

/**
 * Accepts a save into the journal after the checks of a direct save, made on a read of
 * the database; it is compared with the newest waiting save on its unit, if any, as a
 * direct save is with the stored label.
 */
function journaled(client: Database.Database, journal: SaveJournal, { save, stored }: { save: UnitSave; stored: UnitLabel | undefined }): SavedLabel {
  const current = inForce(stored, journal.newest(save));
  const decision = saveDecision(current, save);
  if (current && decision !== "write") return { verdict: current.verdict, rationale: current.rationale, stale: decision === "stale" };
  journal.append(save);
  drainSoon(client);
  return { verdict: save.verdict, rationale: save.rationale, stale: false };
}

/**
 * The save of `label` by `raterId`, after checking that the set is theirs and open,
 * the place is in their queue and the criterion is in the response's pinned rubric:
 * read inside the save's transaction, or the read transaction of a journaled save.
 */
function checked(client: Database.Database, raterId: string, label: Label, receivedAt: number): UnitSave {
  const q = statementsOf(client);
  const set = q.assigned.get(label.setId, raterId) as { status: string } | undefined;
  if (!set) throw new NotFound(NOT_YOURS);
  if (set.status === "closed") throw new Conflict(LOCKED);
  const place = q.place.get(label.setId, raterId, label.number - 1) as { responseId: string } | undefined;
  if (!place) throw new NotFound(NO_SUCH_PLACE);
  if (!q.pinned.get(label.setId, label.criterionId, place.responseId)) {
    throw new Invalid("That criterion is not part of this response's rubric.", [`criterionId: "${label.criterionId}" is not a criterion of this response`]);
  }
  const { setId, criterionId, verdict, rationale, givenAt } = label;
  return { setId, raterId, responseId: place.responseId, criterionId, verdict, rationale, givenAt, receivedAt };
}

/** The checks' statements, prepared once per connection (applySave.ts says why). */
const statementsOf = perConnection((client) => ({
  assigned: client.prepare(`SELECT s.status FROM calibration_set_clinicians c JOIN calibration_sets s ON s.id = c.set_id WHERE c.set_id = ? AND c.user_id = ?`),
  place: client.prepare(`SELECT response_id AS responseId FROM calibration_queue WHERE set_id = ? AND user_id = ? AND position = ?`),
  pinned: client.prepare(`
      SELECT 1 FROM responses r
      JOIN calibration_set_items si ON si.set_id = ? AND si.item_id = r.item_id
      JOIN rubric_criteria rc ON rc.rubric_version_id = si.rubric_version_id AND rc.criterion_id = ?
      WHERE r.id = ?`),
}));
