import "server-only";
import type Database from "better-sqlite3";
import { BUSY, perConnection, transactionIfFree } from "@/db/client";
import { applySave } from "./applySave";
import { saveJournalOf, type PendingSave, type SaveJournal } from "./saveJournal";

/** Saves applied per transaction: a batch holds the event loop for a few milliseconds. */
const BATCH = 256;
/** How soon a drain tries again while another connection holds the write lock. */
const RETRY_MS = 20;

/**
 * Applies the saves waiting in the journal (saveJournal.ts) to the database, oldest
 * first, a batch per immediate transaction, then deletes them from the journal. Never
 * waits for the write lock: returns false at once when another connection holds it
 * (and tries again shortly), true once the journal is empty. Safe to run in several
 * processes at once and after a crash between a batch's commit and its deletion from
 * the journal: applying a save twice changes nothing the second time (applySave).
 */
export function drainSaves(client: Database.Database): boolean {
  const journal = saveJournalOf(client);
  if (!journal) return true;
  for (;;) {
    const step = drainBatch(client, journal);
    if (step === "busy") drainSoon(client);
    if (step !== "more") return step === "done";
  }
}

/** Drains the journal in the background, a batch per turn of the event loop, retrying while the lock is held. */
export function drainSoon(client: Database.Database): void {
  const journal = saveJournalOf(client);
  if (!journal || journal.retry) return;
  const next = (ms: number) => (journal.retry = setTimeout(turn, ms).unref());
  const turn = () => {
    journal.retry = undefined;
    if (!client.open) return;
    const step = drainBatch(client, journal);
    if (step !== "done") next(step === "busy" ? RETRY_MS : 0);
  };
  next(0);
}

function drainBatch(client: Database.Database, journal: SaveJournal): "busy" | "more" | "done" {
  const applied = transactionIfFree(client, () => {
    const batch = journal.oldest(BATCH);
    for (const save of batch) applyPending(client, save);
    return { last: batch.at(-1)?.id, all: batch.length < BATCH };
  });
  if (applied === BUSY) return "busy";
  if (applied.last !== undefined) journal.removeThrough(applied.last);
  // A short batch was the whole journal (only this thread appends, and not meanwhile):
  // nothing waits from now on, so the next save takes the direct path at once.
  if (applied.all) {
    journal.pending = false;
    return "done";
  }
  return "more";
}

/**
 * Applies one journaled save. It was checked when it was accepted, against a read that
 * saw its set open and the clinician's place in it, so it is applied even if the set
 * has been closed since (it came before the close). A save whose place no longer exists
 * (its set deleted) or that the database refuses is dropped, with an audit row saying
 * why, written once however often the save is drained.
 */
function applyPending(client: Database.Database, save: PendingSave): void {
  const q = statementsOf(client);
  const refusal = q.placed.get(save.setId, save.raterId, save.responseId)
    ? attempt(() => client.transaction(() => applySave(client, save))())
    : "the set no longer holds this response in the clinician's queue (deleted)";
  if (refusal === undefined) return;
  const detail = { set: save.setId, response: save.responseId, criterion: save.criterionId, new: { verdict: save.verdict, rationale: save.rationale }, givenAt: save.givenAt };
  if (q.dropped.get(String(save.setId), save.raterId, save.receivedAt, save.responseId, save.criterionId, save.givenAt)) return;
  q.drop.run(save.raterId, save.receivedAt, String(save.setId), JSON.stringify({ ...detail, reason: refusal }));
}

function attempt(run: () => unknown): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    return `the database refused it: ${(error as Error).message}`.slice(0, 300);
  }
}

const statementsOf = perConnection((client) => ({
  placed: client.prepare(`SELECT 1 FROM calibration_queue WHERE set_id = ? AND user_id = ? AND response_id = ?`),
  dropped: client.prepare(`
    SELECT 1 FROM audit_log WHERE entity = 'calibration_set' AND entity_id = ? AND action = 'label.save.dropped' AND actor = ? AND at = ?
      AND json_extract(detail, '$.response') = ? AND json_extract(detail, '$.criterion') = ? AND json_extract(detail, '$.givenAt') = ?`),
  drop: client.prepare(`INSERT INTO audit_log (actor, at, action, entity, entity_id, detail) VALUES (?, ?, 'label.save.dropped', 'calibration_set', ?, ?)`),
}));
