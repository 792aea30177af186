import "server-only";
import type Database from "better-sqlite3";
import { getDb, transactionWhenFree } from "@/db/client";
import type { Ctx } from "@/lib/server/context";
import { Conflict, Invalid, NotFound } from "@/lib/server/errors";
import { requireRole } from "@/lib/server/guard";
import { LOCKED, NO_SUCH_PLACE, NOT_YOURS } from "./assignment";
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

/**
 * Saves one clinician's verdict on one unit of one set: an idempotent upsert keyed by
 * (set, clinician, response, criterion), so the same response in another set is
 * labeled there on its own. Sending the same label twice changes nothing; a
 * label given earlier than the one already saved (a retry arriving late) is ignored,
 * judged by the label's own `given_at`; one dated beyond the clock skew is refused.
 * Refused once the set is closed (another set holding the response never matters).
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
  const client = getDb().$client;
  const q = statementsOf(client);
  // An import writing on its worker thread holds the write lock for a moment: wait for it without stalling the server.
  return transactionWhenFree(client, () => {
    const set = q.assigned.get(label.setId, me.id) as { status: string } | undefined;
    if (!set) throw new NotFound(NOT_YOURS);
    if (set.status === "closed") throw new Conflict(LOCKED);
    const place = q.place.get(label.setId, me.id, label.number - 1) as { responseId: string } | undefined;
    if (!place) throw new NotFound(NO_SUCH_PLACE);
    const { responseId } = place;
    if (!q.pinned.get(label.setId, label.criterionId, responseId)) {
      throw new Invalid("That criterion is not part of this response's rubric.", [`criterionId: "${label.criterionId}" is not a criterion of this response`]);
    }

    const row = q.old.get(label.setId, me.id, responseId, label.criterionId) as { id: number; verdict: number; rationale: string | null; givenAt: number } | undefined;
    const old = row && { verdict: row.verdict === 1, rationale: row.rationale };
    const at = now.getTime();
    let id: number;
    if (row && old) {
      const same = old.verdict === label.verdict && old.rationale === label.rationale;
      if (same || label.givenAt < row.givenAt) return { verdict: old.verdict, rationale: old.rationale, stale: !same };
      q.update.run(label.verdict ? 1 : 0, label.rationale, label.givenAt, at, row.id);
      id = row.id;
    } else {
      id = (q.insert.get(label.setId, me.id, responseId, label.criterionId, label.verdict ? 1 : 0, label.rationale, label.givenAt, at, at) as { id: number }).id;
    }
    const detail = {
      set: label.setId,
      response: responseId,
      criterion: label.criterionId,
      old: old ?? null,
      new: { verdict: label.verdict, rationale: label.rationale },
      givenAt: label.givenAt,
    };
    q.audit.run(me.id, at, "label.save", "label", String(id), JSON.stringify(detail));
    return { verdict: label.verdict, rationale: label.rationale, stale: false };
  });
}

/**
 * The save's statements, prepared once per connection: a save is the hottest write
 * (bench/load.bench.ts), and building and preparing each query anew through drizzle
 * cost most of its time. The same checks and writes as the rest of the app (audit
 * rows as lib/server/audit.ts writes them).
 */
const prepared = new WeakMap<Database.Database, ReturnType<typeof prepare>>();

function prepare(client: Database.Database) {
  return {
    assigned: client.prepare(`SELECT s.status FROM calibration_set_clinicians c JOIN calibration_sets s ON s.id = c.set_id WHERE c.set_id = ? AND c.user_id = ?`),
    place: client.prepare(`SELECT response_id AS responseId FROM calibration_queue WHERE set_id = ? AND user_id = ? AND position = ?`),
    pinned: client.prepare(`
      SELECT 1 FROM responses r
      JOIN calibration_set_items si ON si.set_id = ? AND si.item_id = r.item_id
      JOIN rubric_criteria rc ON rc.rubric_version_id = si.rubric_version_id AND rc.criterion_id = ?
      WHERE r.id = ?`),
    old: client.prepare(`SELECT id, verdict, rationale, given_at AS givenAt FROM labels WHERE set_id = ? AND rater_id = ? AND response_id = ? AND criterion_id = ?`),
    update: client.prepare(`UPDATE labels SET verdict = ?, rationale = ?, given_at = ?, updated_at = ? WHERE id = ?`),
    insert: client.prepare(`INSERT INTO labels (set_id, rater_id, response_id, criterion_id, verdict, rationale, given_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`),
    audit: client.prepare(`INSERT INTO audit_log (actor, at, action, entity, entity_id, detail) VALUES (?, ?, ?, ?, ?, ?)`),
  };
}

function statementsOf(client: Database.Database): ReturnType<typeof prepare> {
  let statements = prepared.get(client);
  if (!statements) prepared.set(client, (statements = prepare(client)));
  return statements;
}
