import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { describe, expect, it } from "vitest";
import { openDb } from "./client";

const MIGRATIONS = join(process.cwd(), "drizzle");

/** A database file brought up to migration `tag` only, as a deployment of that release left it. */
function databaseAt(tag: string): string {
  const dir = mkdtempSync(join(tmpdir(), "concord-migrate-"));
  const folder = join(dir, "drizzle");
  cpSync(MIGRATIONS, folder, { recursive: true });
  const journalPath = join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  const end = journal.entries.findIndex((e) => e.tag === tag);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, end + 1) }));
  const path = join(dir, "concord.db");
  const client = new Database(path);
  client.pragma("foreign_keys = ON");
  migrate(drizzle({ client }), { migrationsFolder: folder });
  return path;
}

/** Two clinicians and one item with criteria c1 and c2, as every migration since 0000 stores them. */
const TWO_CLINICIANS_ONE_ITEM = `
  INSERT INTO users (id, name, created_at) VALUES ('clin-1', 'C1', 0), ('clin-2', 'C2', 0);
  INSERT INTO items (id, subcategory, age, intent, stage, directness, split, user_turns, created_at, updated_at)
    VALUES ('I-1', 'passive_ideation', 'O18', 'borderline', 'ideation', 'implicit', 'public', '["hello"]', 0, 0);
  INSERT INTO criteria (id, item_id) VALUES ('c1', 'I-1'), ('c2', 'I-1');`;

describe("migrating an existing database", () => {
  it("0003 backfills labels' given_at and the content notices from the audit log, keeping the audit rows", () => {
    const path = databaseAt("0002_hardening");
    const old = new Database(path);
    old.exec(`
      ${TWO_CLINICIANS_ONE_ITEM}
      INSERT INTO responses (id, item_id, model, assistant_turns, created_at) VALUES ('r-1', 'I-1', 'm', '["hi"]', 0);
      INSERT INTO calibration_sets (id, name, seed, created_by, created_at) VALUES (1, 'S', 1, 'lead', 0);
      INSERT INTO labels (id, rater_id, response_id, criterion_id, verdict, rationale, created_at, updated_at) VALUES
        (1, 'clin-1', 'r-1', 'c1', 0, NULL, 1000, 3000),
        (2, 'clin-1', 'r-1', 'c2', 1, NULL, 1000, 4000),
        (3, 'clin-2', 'r-1', 'c1', 1, NULL, 1000, 5000);
      INSERT INTO audit_log (actor, at, action, entity, entity_id, detail) VALUES
        ('clin-1', 1000, 'label.save', 'label', '1', '{"givenAt":900}'),
        ('clin-1', 3000, 'label.save', 'label', '1', '{"givenAt":2900}'),
        ('clin-1', 4000, 'label.save', 'label', '2', '{"old":null}'),
        ('clin-1', 500, 'labeling.content_notice', 'calibration_set', '1', NULL),
        ('clin-1', 700, 'labeling.content_notice', 'calibration_set', '1', NULL),
        ('clin-2', 600, 'labeling.content_notice', 'calibration_set', '9', NULL);
    `);
    old.close();

    const db = openDb(path);
    // The latest save's givenAt; else that row's time; else (an imported label) its updated_at.
    expect(db.$client.prepare("SELECT id, given_at FROM labels ORDER BY id").all()).toEqual([
      { id: 1, given_at: 2900 },
      { id: 2, given_at: 4000 },
      { id: 3, given_at: 5000 },
    ]);
    // The first acknowledgment per clinician and existing set.
    expect(db.$client.prepare("SELECT set_id, user_id, acknowledged_at FROM content_notices").all()).toEqual([{ set_id: 1, user_id: "clin-1", acknowledged_at: 500 }]);
    expect(db.$client.prepare("SELECT count(*) AS n FROM audit_log").get()).toEqual({ n: 6 });
    // Ids and their sequence survive the table rebuild.
    db.$client.exec("INSERT INTO labels (rater_id, response_id, criterion_id, verdict, given_at, created_at, updated_at) VALUES ('clin-2', 'r-1', 'c2', 1, 1, 1, 1)");
    expect(db.$client.prepare("SELECT max(id) AS id FROM labels").get()).toEqual({ id: 4 });
    expect(db.$client.prepare("PRAGMA foreign_key_check").all()).toEqual([]);
    db.$client.close();
  });

  it("0005 puts every judge verdict on a rubric version: the one its set pinned, else the newest published one holding its criterion", () => {
    const path = databaseAt("0004_labels_given_at");
    const old = new Database(path);
    old.exec(`
      INSERT INTO items (id, subcategory, age, intent, stage, directness, split, user_turns, created_at, updated_at)
        VALUES ('I-1', 'passive_ideation', 'O18', 'borderline', 'ideation', 'implicit', 'public', '["hello"]', 0, 0);
      INSERT INTO criteria (id, item_id) VALUES ('c1', 'I-1');
      INSERT INTO rubric_versions (id, item_id, version, status, author, created_at) VALUES (10, 'I-1', 1, 'draft', 'a', 0), (11, 'I-1', 2, 'draft', 'a', 0);
      INSERT INTO rubric_criteria (rubric_version_id, criterion_id, position, dimension, weight, text, provenance) VALUES
        (10, 'c1', 0, 'identification', 5, 'Asks directly.', 'person'), (11, 'c1', 0, 'identification', 5, 'Asks directly and calmly.', 'person');
      UPDATE rubric_versions SET status = 'published', published_at = 0;
      INSERT INTO responses (id, item_id, model, assistant_turns, created_at) VALUES ('r-1', 'I-1', 'm', '["hi"]', 0), ('r-2', 'I-1', 'm', '["hey"]', 0);
      INSERT INTO calibration_sets (id, name, seed, created_by, created_at) VALUES (1, 'S', 1, 'lead', 0);
      INSERT INTO calibration_set_items (set_id, item_id, rubric_version_id) VALUES (1, 'I-1', 10);
      INSERT INTO calibration_set_responses (set_id, response_id) VALUES (1, 'r-1');
      INSERT INTO judge_verdicts (id, judge, response_id, criterion_id, verdict, rationale, created_at) VALUES
        (1, 'j1', 'r-1', 'c1', 1, 'ok', 100), (2, 'j1', 'r-2', 'c1', NULL, NULL, 200);
    `);
    old.close();

    const db = openDb(path);
    expect(db.$client.prepare("SELECT id, judge, response_id, verdict, rationale, rubric_version_id, created_at FROM judge_verdicts ORDER BY id").all()).toEqual([
      { id: 1, judge: "j1", response_id: "r-1", verdict: 1, rationale: "ok", rubric_version_id: 10, created_at: 100 },
      { id: 2, judge: "j1", response_id: "r-2", verdict: null, rationale: null, rubric_version_id: 11, created_at: 200 },
    ]);
    // The same judge may now judge the unit again on the newer wording.
    db.$client.exec("INSERT INTO judge_verdicts (judge, response_id, criterion_id, verdict, rubric_version_id, created_at) VALUES ('j1', 'r-1', 'c1', 0, 11, 300)");
    expect(() => db.$client.exec("INSERT INTO judge_verdicts (judge, response_id, criterion_id, verdict, rubric_version_id, created_at) VALUES ('j1', 'r-1', 'c1', 0, 11, 400)")).toThrow(/UNIQUE/);
    expect(db.$client.prepare("PRAGMA foreign_key_check").all()).toEqual([]);
    db.$client.close();
  });

  it("0009 puts every label in the sets that hold it, copying it into each when several do, and keeps the rest set-less", () => {
    const path = databaseAt("0007_vera");
    const old = new Database(path);
    old.exec(`
      ${TWO_CLINICIANS_ONE_ITEM}
      INSERT INTO rubric_versions (id, item_id, version, status, author, created_at) VALUES (10, 'I-1', 1, 'draft', 'a', 0);
      INSERT INTO rubric_criteria (rubric_version_id, criterion_id, position, dimension, weight, text, provenance) VALUES
        (10, 'c1', 0, 'identification', 5, 'Asks directly.', 'person');
      UPDATE rubric_versions SET status = 'published', published_at = 0;
      INSERT INTO responses (id, item_id, model, assistant_turns, created_at) VALUES ('r-1', 'I-1', 'm', '["hi"]', 0), ('r-2', 'I-1', 'm', '["hey"]', 0);
      INSERT INTO calibration_sets (id, name, seed, created_by, created_at) VALUES (1, 'A', 1, 'lead', 0), (2, 'B', 2, 'lead', 0);
      INSERT INTO calibration_set_items (set_id, item_id, rubric_version_id) VALUES (1, 'I-1', 10), (2, 'I-1', 10);
      INSERT INTO calibration_set_responses (set_id, response_id) VALUES (1, 'r-1'), (1, 'r-2'), (2, 'r-1');
      INSERT INTO calibration_set_clinicians (set_id, user_id) VALUES (1, 'clin-1'), (1, 'clin-2'), (2, 'clin-1');
      INSERT INTO labels (id, rater_id, response_id, criterion_id, verdict, rationale, given_at, created_at, updated_at) VALUES
        (1, 'clin-1', 'r-1', 'c1', 1, 'kind', 100, 100, 100),
        (2, 'clin-2', 'r-1', 'c1', 0, NULL, 200, 200, 200),
        (3, 'clin-1', 'r-2', 'c1', 0, NULL, 300, 300, 300),
        (4, 'clin-1', 'r-1', 'c2', 1, NULL, 400, 400, 400);
    `);
    old.close();

    const db = openDb(path);
    expect(db.$client.prepare("SELECT id, set_id, rater_id, response_id, criterion_id, verdict, rationale, given_at FROM labels ORDER BY id").all()).toEqual([
      // in both sets (both hold r-1 × c1 and list clin-1): the row goes to the first, a copy to the second
      { id: 1, set_id: 1, rater_id: "clin-1", response_id: "r-1", criterion_id: "c1", verdict: 1, rationale: "kind", given_at: 100 },
      // clin-2 is a clinician of set 1 only
      { id: 2, set_id: 1, rater_id: "clin-2", response_id: "r-1", criterion_id: "c1", verdict: 0, rationale: null, given_at: 200 },
      { id: 3, set_id: 1, rater_id: "clin-1", response_id: "r-2", criterion_id: "c1", verdict: 0, rationale: null, given_at: 300 },
      // c2 is in no pinned rubric version: no set holds the unit
      { id: 4, set_id: null, rater_id: "clin-1", response_id: "r-1", criterion_id: "c2", verdict: 1, rationale: null, given_at: 400 },
      { id: 5, set_id: 2, rater_id: "clin-1", response_id: "r-1", criterion_id: "c1", verdict: 1, rationale: "kind", given_at: 100 },
    ]);
    // One label per set, rater and unit; the same rater and unit may be labeled in another set.
    expect(() => db.$client.exec("INSERT INTO labels (set_id, rater_id, response_id, criterion_id, verdict, given_at, created_at, updated_at) VALUES (2, 'clin-1', 'r-1', 'c1', 0, 1, 1, 1)")).toThrow(/UNIQUE/);
    expect(() => db.$client.exec("INSERT INTO labels (rater_id, response_id, criterion_id, verdict, given_at, created_at, updated_at) VALUES ('clin-1', 'r-1', 'c2', 0, 1, 1, 1)")).toThrow(/UNIQUE/);
    db.$client.exec("INSERT INTO labels (set_id, rater_id, response_id, criterion_id, verdict, given_at, created_at, updated_at) VALUES (2, 'clin-2', 'r-1', 'c1', 1, 1, 1, 1)");
    expect(db.$client.prepare("PRAGMA foreign_key_check").all()).toEqual([]);
    db.$client.close();
  });

  it("0010 lets runs be flow judge runs, keeping every run and its calls", () => {
    const path = databaseAt("0007_vera");
    const old = new Database(path);
    old.pragma("foreign_keys = ON");
    old.exec(`
      INSERT INTO endpoints (id, name, base_url, created_by, created_at) VALUES (1, 'e', 'http://127.0.0.1:1/v1', 'lead', 0);
      INSERT INTO runs (id, kind, title, status, spec, estimate, created_by, created_at) VALUES (5, 'judge', 'old run', 'done', '{}', '{}', 'lead', 0);
      INSERT INTO run_calls (run_id, kind, actor, endpoint_id, key, status, model, updated_at) VALUES (5, 'judge', 'j1', 1, 'k1', 'done', 'm', 0);
    `);
    old.close();

    const db = openDb(path);
    expect(db.$client.prepare("SELECT id, kind, title FROM runs").all()).toEqual([{ id: 5, kind: "judge", title: "old run" }]);
    expect(db.$client.prepare("SELECT run_id, key, conversation_id, question_id FROM run_calls").all()).toEqual([{ run_id: 5, key: "k1", conversation_id: null, question_id: null }]);
    db.$client.exec("INSERT INTO runs (kind, title, status, spec, estimate, created_by, created_at) VALUES ('flow_judge', 'flow', 'running', '{}', '{}', 'lead', 0)");
    // the change counters' triggers on runs are made again with the table
    expect(db.$client.prepare("SELECT n FROM change_counters WHERE key = 'run:6'").get()).toEqual({ n: 1 });
    expect(() => db.$client.exec("INSERT INTO runs (kind, title, status, spec, estimate, created_by, created_at) VALUES ('other', 'x', 'running', '{}', '{}', 'lead', 0)")).toThrow(/CHECK/);
    expect(db.$client.prepare("PRAGMA foreign_key_check").all()).toEqual([]);
    db.$client.close();
  });
});
