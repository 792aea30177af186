import "server-only";
import Database from "better-sqlite3";
import { checkpointInBackground } from "@/db/checkpoint";
import type { UnitLabel } from "@/lib/labeling/saveDecision";
import type { UnitSave } from "./applySave";

/** A journaled save with its place in the journal: saves are applied in this order. */
export type PendingSave = UnitSave & { id: number };

type Unit = Pick<UnitSave, "setId" | "raterId" | "responseId" | "criterionId">;

/**
 * The durable write-behind of clinicians' saves: a small SQLite file beside the
 * database (`<db>-saves`, WAL with synchronous NORMAL like the database itself, so a
 * journaled save survives kill -9) holding the saves accepted while another connection
 * held the database's write lock (an import's transaction). drainSaves applies them in
 * order and deletes them. `pending` says whether rows may be waiting: true on opening
 * a journal that holds some and after every append, false once a drain finds none (only
 * the server journals saves, so this process knows of every append).
 */
export interface SaveJournal {
  pending: boolean;
  append(save: UnitSave): void;
  /** The newest pending verdict on one unit. */
  newest(unit: Unit): UnitLabel | undefined;
  /** The newest pending verdict per criterion on one response of one clinician's queue. */
  ofResponse(setId: number, raterId: string, responseId: string): Map<string, UnitLabel>;
  /** The oldest `limit` pending saves, in order. */
  oldest(limit: number): PendingSave[];
  /** Forgets the saves up to and including `id` (once applied). */
  removeThrough(id: number): void;
  /** The timer of the next drain attempt, while one is scheduled. */
  retry?: NodeJS.Timeout;
}

const journals = new WeakMap<Database.Database, SaveJournal>();

/** The journal beside the database `client` opened; none for an in-memory database (its saves wait for the lock instead). */
export function saveJournalOf(client: Database.Database): SaveJournal | undefined {
  if (client.memory) return undefined;
  let journal = journals.get(client);
  if (!journal) journals.set(client, (journal = openJournal(`${client.name}-saves`)));
  return journal;
}

function openJournal(path: string): SaveJournal {
  const db = new Database(path);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.pragma("busy_timeout = 5000");
  // Checkpoints (and their fsync, which can take a tenth of a second while an import
  // writes) run on a thread of their own, started with the first write, as for the database.
  db.pragma("wal_autocheckpoint = 0");
  let checkpointing = false;
  const checkpoint = () => {
    checkpointing = true;
    checkpointInBackground(path).on("error", () => db.open && db.pragma("wal_autocheckpoint = 1000"));
  };
  db.exec(`
    CREATE TABLE IF NOT EXISTS pending_saves (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      set_id INTEGER NOT NULL, rater_id TEXT NOT NULL, response_id TEXT NOT NULL, criterion_id TEXT NOT NULL,
      verdict INTEGER NOT NULL, rationale TEXT, given_at INTEGER NOT NULL, received_at INTEGER NOT NULL);
    CREATE INDEX IF NOT EXISTS pending_saves_unit ON pending_saves (set_id, rater_id, response_id, criterion_id, id)`);
  const columns = `id, set_id AS setId, rater_id AS raterId, response_id AS responseId, criterion_id AS criterionId, verdict, rationale, given_at AS givenAt, received_at AS receivedAt`;
  const q = {
    any: db.prepare("SELECT EXISTS (SELECT 1 FROM pending_saves) AS any").pluck(),
    append: db.prepare("INSERT INTO pending_saves (set_id, rater_id, response_id, criterion_id, verdict, rationale, given_at, received_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"),
    newest: db.prepare(`SELECT verdict, rationale, given_at AS givenAt FROM pending_saves WHERE set_id = ? AND rater_id = ? AND response_id = ? AND criterion_id = ? ORDER BY id DESC LIMIT 1`),
    ofResponse: db.prepare(`SELECT criterion_id AS criterionId, verdict, rationale, given_at AS givenAt FROM pending_saves WHERE set_id = ? AND rater_id = ? AND response_id = ? ORDER BY id`),
    oldest: db.prepare(`SELECT ${columns} FROM pending_saves ORDER BY id LIMIT ?`),
    removeThrough: db.prepare("DELETE FROM pending_saves WHERE id <= ?"),
  };
  const label = (row: { verdict: number; rationale: string | null; givenAt: number }): UnitLabel => ({ verdict: row.verdict === 1, rationale: row.rationale, givenAt: row.givenAt });
  return {
    pending: q.any.get() === 1,
    append(save) {
      if (!checkpointing) checkpoint();
      q.append.run(save.setId, save.raterId, save.responseId, save.criterionId, save.verdict ? 1 : 0, save.rationale, save.givenAt, save.receivedAt);
      this.pending = true;
    },
    newest(unit) {
      const row = q.newest.get(unit.setId, unit.raterId, unit.responseId, unit.criterionId) as Parameters<typeof label>[0] | undefined;
      return row && label(row);
    },
    ofResponse(setId, raterId, responseId) {
      const rows = q.ofResponse.all(setId, raterId, responseId) as (Parameters<typeof label>[0] & { criterionId: string })[];
      return new Map(rows.map((row) => [row.criterionId, label(row)]));
    },
    oldest(limit) {
      return (q.oldest.all(limit) as (Omit<PendingSave, "verdict"> & { verdict: number })[]).map((row) => ({ ...row, verdict: row.verdict === 1 }));
    },
    removeThrough(id) {
      if (!checkpointing) checkpoint();
      q.removeThrough.run(id);
    },
  };
}
