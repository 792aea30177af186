import { join } from "node:path";
import Database from "better-sqlite3";

/**
 * The e2e server's database file (playwright.config.ts), opened beside the running
 * server for setup the pages on this branch cannot do yet. Close it when done.
 */
export function openE2eDb(): Database.Database {
  const dir = process.env.CONCORD_E2E_DIR;
  if (!dir) throw new Error("CONCORD_E2E_DIR is not set: run this from the Playwright suite");
  const sqlite = new Database(join(dir, "concord.db"));
  sqlite.pragma("busy_timeout = 5000");
  return sqlite;
}

/**
 * A calibration set of `itemIds` (their published rubric pinned, their first
 * `responsesPerItem` responses by id) labelled by three raters of its own, so its report
 * has a consensus without touching any other set's clinicians or labels. Returns its id.
 */
export function addLabelledSet(sqlite: Database.Database, name: string, itemIds: readonly string[], responsesPerItem = 2): number {
  return sqlite.transaction(() => {
    const now = Date.now();
    const raters = [1, 2, 3].map((n) => `${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-rater-${n}`);
    for (const id of raters) {
      sqlite.prepare("INSERT INTO users (id, email, name, password_hash, active, session_version, created_at) VALUES (?, NULL, ?, NULL, 1, 0, ?)").run(id, id, now);
      sqlite.prepare("INSERT INTO user_roles (user_id, role) VALUES (?, 'clinician')").run(id);
    }
    const { id: setId } = sqlite.prepare("INSERT INTO calibration_sets (name, seed, status, created_by, created_at) VALUES (?, 1, 'open', 'lead-noor', ?) RETURNING id").get(name, now) as { id: number };
    for (const rater of raters) sqlite.prepare("INSERT INTO calibration_set_clinicians (set_id, user_id) VALUES (?, ?)").run(setId, rater);
    for (const itemId of itemIds) {
      const version = sqlite.prepare("SELECT id FROM rubric_versions WHERE item_id = ? AND status = 'published' ORDER BY version DESC LIMIT 1").get(itemId) as { id: number } | undefined;
      if (!version) throw new Error(`${itemId} has no published rubric`);
      sqlite.prepare("INSERT INTO calibration_set_items (set_id, item_id, rubric_version_id) VALUES (?, ?, ?)").run(setId, itemId, version.id);
      const criteria = sqlite.prepare("SELECT criterion_id AS id FROM rubric_criteria WHERE rubric_version_id = ? ORDER BY position").all(version.id) as { id: string }[];
      const responses = sqlite.prepare("SELECT id FROM responses WHERE item_id = ? ORDER BY id LIMIT ?").all(itemId, responsesPerItem) as { id: string }[];
      responses.forEach((response, r) => {
        sqlite.prepare("INSERT INTO calibration_set_responses (set_id, response_id) VALUES (?, ?)").run(setId, response.id);
        criteria.forEach((criterion, c) => {
          // Mostly agreeing raters, the third now and then of another mind: a consensus on every unit.
          const verdict = (r + c) % 3 !== 0;
          raters.forEach((rater, k) => {
            sqlite
              .prepare("INSERT INTO labels (set_id, rater_id, response_id, criterion_id, verdict, rationale, given_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, NULL, ?, ?, ?)")
              .run(setId, rater, response.id, criterion.id, Number(k === 2 && c % 4 === 1 ? !verdict : verdict), now, now, now);
          });
        });
      });
    }
    return setId;
  })();
}
