import "server-only";
import type Database from "better-sqlite3";
import { perConnection } from "@/db/client";
import { saveDecision, type UnitLabel } from "@/lib/labeling/saveDecision";

/** One clinician's verdict on one unit (set, rater, response, criterion), already checked, with when the server received it. */
export interface UnitSave extends UnitLabel {
  setId: number;
  raterId: string;
  responseId: string;
  criterionId: string;
  /** Server time the save was received, epoch ms: the label's `updated_at` and the audit row's `at`. */
  receivedAt: number;
}

export interface SavedLabel {
  verdict: boolean;
  rationale: string | null;
  /** True when a later verdict on this unit had already been saved (e.g. from another tab): nothing changed. */
  stale: boolean;
}

/** The verdict stored on the save's unit, if any (read inside the caller's transaction). */
export function storedLabel(client: Database.Database, unit: Omit<UnitSave, keyof UnitLabel | "receivedAt">): (UnitLabel & { id: number }) | undefined {
  const row = statementsOf(client).old.get(unit.setId, unit.raterId, unit.responseId, unit.criterionId) as { id: number; verdict: number; rationale: string | null; givenAt: number } | undefined;
  return row && { id: row.id, verdict: row.verdict === 1, rationale: row.rationale, givenAt: row.givenAt };
}

/**
 * Writes one checked save, inside the caller's immediate transaction: the one upsert of
 * both a direct save and a journaled one applied later (drainSaves). Keyed by (set,
 * clinician, response, criterion); the same verdict and rationale again changes
 * nothing, an earlier `givenAt` than the stored one is stale and changes nothing, so
 * applying a save twice writes it once. Every change is audited with its old and new
 * value, at the time the save was received.
 */
export function applySave(client: Database.Database, save: UnitSave): SavedLabel {
  const q = statementsOf(client);
  const row = storedLabel(client, save);
  const decision = saveDecision(row, save);
  if (row && decision !== "write") return { verdict: row.verdict, rationale: row.rationale, stale: decision === "stale" };
  let id: number;
  if (row) {
    q.update.run(save.verdict ? 1 : 0, save.rationale, save.givenAt, save.receivedAt, row.id);
    id = row.id;
  } else {
    id = (q.insert.get(save.setId, save.raterId, save.responseId, save.criterionId, save.verdict ? 1 : 0, save.rationale, save.givenAt, save.receivedAt, save.receivedAt) as { id: number }).id;
  }
  const detail = {
    set: save.setId,
    response: save.responseId,
    criterion: save.criterionId,
    old: row ? { verdict: row.verdict, rationale: row.rationale } : null,
    new: { verdict: save.verdict, rationale: save.rationale },
    givenAt: save.givenAt,
  };
  q.audit.run(save.raterId, save.receivedAt, "label.save", "label", String(id), JSON.stringify(detail));
  return { verdict: save.verdict, rationale: save.rationale, stale: false };
}

/**
 * The statements, prepared once per connection: a save is the hottest write
 * (bench/load.bench.ts), and building and preparing each query anew through drizzle
 * cost most of its time. Audit rows as lib/server/audit.ts writes them.
 */
const statementsOf = perConnection((client) => ({
  old: client.prepare(`SELECT id, verdict, rationale, given_at AS givenAt FROM labels WHERE set_id = ? AND rater_id = ? AND response_id = ? AND criterion_id = ?`),
  update: client.prepare(`UPDATE labels SET verdict = ?, rationale = ?, given_at = ?, updated_at = ? WHERE id = ?`),
  insert: client.prepare(`INSERT INTO labels (set_id, rater_id, response_id, criterion_id, verdict, rationale, given_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`),
  audit: client.prepare(`INSERT INTO audit_log (actor, at, action, entity, entity_id, detail) VALUES (?, ?, ?, ?, ?, ?)`),
}));
