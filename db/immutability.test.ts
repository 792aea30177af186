import { beforeEach, describe, expect, it } from "vitest";
import type { Db } from "./client";
import { freshDb } from "@/test/db";

/** Raw SQL, as any code or a person with the sqlite3 shell could run it: the database itself refuses. */
describe("immutability at the database", () => {
  let db: Db;
  const run = (statement: string) => () => db.$client.exec(statement);
  beforeEach(() => {
    db = freshDb();
    db.$client.exec(`
      INSERT INTO items (id, subcategory, age, intent, stage, directness, split, user_turns, created_at, updated_at)
        VALUES ('I-1', 'passive_ideation', 'O18', 'borderline', 'ideation', 'implicit', 'public', '["hello"]', 0, 0);
      INSERT INTO criteria (id, item_id) VALUES ('c1', 'I-1'), ('c2', 'I-1');
      INSERT INTO rubric_versions (id, item_id, version, status, author, created_at) VALUES (1, 'I-1', 1, 'draft', 'a', 0), (2, 'I-1', 2, 'draft', 'a', 0);
      INSERT INTO rubric_criteria (rubric_version_id, criterion_id, position, dimension, weight, text, provenance)
        VALUES (1, 'c1', 0, 'identification', 3, 'Names the feeling.', 'person'), (2, 'c1', 0, 'identification', 4, 'Names it.', 'person');
      UPDATE rubric_versions SET status = 'published', published_at = 1 WHERE id = 1;
      INSERT INTO reference_versions (item_id, version, status, author, text, created_at) VALUES ('I-1', 1, 'published', 'a', 'A kind reply.', 0);
      INSERT INTO calibration_sets (id, name, seed, created_by, created_at) VALUES (1, 'S', 1, 'a', 0);
      INSERT INTO frozen_panels (id, set_id, judges, panel_size, figures, rank, rubric_versions, fingerprint, rationale, frozen_by, frozen_at)
        VALUES (1, 1, '["j1","j2","j3"]', 3, '{}', 1, '{"I-1":1}', 'abc', 'Best kappa.', 'a', 0);
    `);
  });

  it("refuses UPDATE and DELETE of a frozen panel", () => {
    expect(run("UPDATE frozen_panels SET rationale = 'changed' WHERE id = 1")).toThrow(/frozen panels are immutable/);
    expect(run("DELETE FROM frozen_panels WHERE id = 1")).toThrow(/frozen panels are immutable/);
    expect(run("DELETE FROM calibration_sets WHERE id = 1")).toThrow();
  });

  it("refuses changes to a published rubric version and its criteria", () => {
    expect(run("UPDATE rubric_versions SET change_note = 'x' WHERE id = 1")).toThrow(/published rubric versions are immutable/);
    expect(run("DELETE FROM rubric_versions WHERE id = 1")).toThrow(/published rubric versions are immutable/);
    expect(run("UPDATE rubric_criteria SET weight = 9 WHERE rubric_version_id = 1")).toThrow(/immutable/);
    expect(run("DELETE FROM rubric_criteria WHERE rubric_version_id = 1")).toThrow(/immutable/);
    expect(run("INSERT INTO rubric_criteria (rubric_version_id, criterion_id, position, dimension, weight, text, provenance) VALUES (1, 'c2', 1, 'disclaimers', 1, 'x', 'person')")).toThrow(/immutable/);
    expect(run("UPDATE rubric_criteria SET rubric_version_id = 1 WHERE rubric_version_id = 2")).toThrow(/immutable/);
  });

  it("refuses changes to a published reference version", () => {
    expect(run("UPDATE reference_versions SET text = 'x'")).toThrow(/published reference versions are immutable/);
    expect(run("DELETE FROM reference_versions")).toThrow(/published reference versions are immutable/);
  });

  // A REPLACE resolves a conflict by deleting the old row first; each of these would
  // rewrite a decision in place. Checked with recursive_triggers on (as db/client.ts
  // opens every connection) and off (as a bare sqlite3 shell would).
  const row = (query: string) => db.$client.prepare(query).all();
  const BYPASSES = [
    {
      name: "a frozen panel's judges, rank and rationale",
      statement: `INSERT OR REPLACE INTO frozen_panels (id, set_id, judges, panel_size, figures, rank, rubric_versions, fingerprint, rationale, frozen_by, frozen_at)
        VALUES (1, 1, '["j4","j5","j6"]', 3, '{}', 2, '{"I-1":1}', 'abc', 'Changed my mind.', 'a', 0)`,
      check: "SELECT * FROM frozen_panels ORDER BY id",
      error: /frozen panels are immutable/,
    },
    {
      name: "a panel superseding another, replaced through its unique supersedes_id",
      setup: `INSERT INTO frozen_panels (id, set_id, judges, panel_size, figures, rank, rubric_versions, fingerprint, rationale, frozen_by, frozen_at, supersedes_id, supersede_reason)
        VALUES (2, 1, '["j1"]', 1, '{}', 1, '{}', 'def', 'Second.', 'a', 0, 1, 'Better.')`,
      statement: `REPLACE INTO frozen_panels (id, set_id, judges, panel_size, figures, rank, rubric_versions, fingerprint, rationale, frozen_by, frozen_at, supersedes_id, supersede_reason)
        VALUES (3, 1, '["j9"]', 1, '{}', 1, '{}', 'zzz', 'Third.', 'a', 0, 1, 'Other.')`,
      check: "SELECT * FROM frozen_panels ORDER BY id",
      error: /frozen panels are immutable/,
    },
    {
      name: "a published rubric version's author and note",
      statement: "INSERT OR REPLACE INTO rubric_versions (id, item_id, version, status, author, change_note, created_at, published_at) VALUES (1, 'I-1', 1, 'published', 'mallory', 'rewritten', 0, 1)",
      check: "SELECT * FROM rubric_versions ORDER BY id",
      error: /published rubric versions are immutable/,
    },
    {
      name: "a published rubric version, replaced by a new id with its item and version",
      statement: "INSERT OR REPLACE INTO rubric_versions (id, item_id, version, status, author, created_at, published_at) VALUES (7, 'I-1', 1, 'published', 'mallory', 0, 1)",
      check: "SELECT * FROM rubric_versions ORDER BY id",
      error: /published rubric versions are immutable/,
    },
    {
      name: "a published rubric version, replaced by publishing a draft under its number",
      statement: "UPDATE OR REPLACE rubric_versions SET status = 'published', version = 1, published_at = 2 WHERE id = 2",
      check: "SELECT * FROM rubric_versions ORDER BY id",
      error: /published rubric versions are immutable/,
    },
    {
      name: "a criterion moved out of a published version",
      statement: `INSERT OR REPLACE INTO rubric_criteria (id, rubric_version_id, criterion_id, position, dimension, weight, text, provenance)
        VALUES ((SELECT id FROM rubric_criteria WHERE rubric_version_id = 1), 2, 'c2', 1, 'disclaimers', 1, 'moved', 'person')`,
      check: "SELECT * FROM rubric_criteria ORDER BY id",
      error: /published rubric versions are immutable/,
    },
    {
      name: "a draft's criterion renumbered onto a published one",
      statement: "UPDATE OR REPLACE rubric_criteria SET id = (SELECT id FROM rubric_criteria WHERE rubric_version_id = 1) WHERE rubric_version_id = 2",
      check: "SELECT * FROM rubric_criteria ORDER BY id",
      error: /published rubric versions are immutable/,
    },
    {
      name: "a published reference's text",
      statement: "INSERT OR REPLACE INTO reference_versions (id, item_id, version, status, author, text, created_at) VALUES ((SELECT id FROM reference_versions), 'I-1', 1, 'published', 'a', 'A cold reply.', 0)",
      check: "SELECT * FROM reference_versions ORDER BY id",
      error: /published reference versions are immutable/,
    },
    {
      name: "a published reference, replaced by a new id with its item and version",
      statement: "REPLACE INTO reference_versions (id, item_id, version, status, author, text, created_at) VALUES (99, 'I-1', 1, 'published', 'a', 'A cold reply.', 0)",
      check: "SELECT * FROM reference_versions ORDER BY id",
      error: /published reference versions are immutable/,
    },
    {
      name: "a selection rule, by id",
      setup: "INSERT INTO selection_rules (id, set_id, rule, created_by, created_at) VALUES (1, 1, '{\"metric\":\"kappa\"}', 'a', 0)",
      statement: "INSERT OR REPLACE INTO selection_rules (id, set_id, rule, created_by, created_at) VALUES (1, 1, '{\"metric\":\"ac1\"}', 'a', 5)",
      check: "SELECT * FROM selection_rules ORDER BY id",
      error: /selection rules are immutable/,
    },
    {
      name: "a selection rule, by its set",
      setup: "INSERT INTO selection_rules (id, set_id, rule, created_by, created_at) VALUES (1, 1, '{\"metric\":\"kappa\"}', 'a', 0)",
      statement: "REPLACE INTO selection_rules (id, set_id, rule, created_by, created_at) VALUES (2, 1, '{\"metric\":\"ac1\"}', 'a', 5)",
      check: "SELECT * FROM selection_rules ORDER BY id",
      error: /selection rules are immutable/,
    },
  ];

  for (const recursive of [true, false]) {
    for (const bypass of BYPASSES) {
      it(`refuses REPLACE of ${bypass.name} (recursive_triggers ${recursive ? "on" : "off"}), the row unchanged`, () => {
        db.$client.pragma(`recursive_triggers = ${recursive ? "ON" : "OFF"}`);
        if (bypass.setup) run(bypass.setup)();
        const before = row(bypass.check);
        expect(before.length).toBeGreaterThan(0);
        expect(run(bypass.statement)).toThrow(bypass.error);
        expect(row(bypass.check)).toEqual(before);
      });
    }
  }

  it("refuses UPDATE and DELETE of a selection rule", () => {
    run("INSERT INTO selection_rules (set_id, rule, created_by, created_at) VALUES (1, 'r', 'a', 0)")();
    expect(run("UPDATE selection_rules SET rule = 'x'")).toThrow(/selection rules are immutable/);
    expect(run("DELETE FROM selection_rules")).toThrow(/selection rules are immutable/);
    expect(row("SELECT rule FROM selection_rules")).toEqual([{ rule: "r" }]);
  });

  it("opens every connection with recursive triggers on", () => {
    expect(db.$client.pragma("recursive_triggers", { simple: true })).toBe(1);
  });

  it("leaves drafts editable", () => {
    run("UPDATE rubric_criteria SET weight = 5 WHERE rubric_version_id = 2")();
    run("UPDATE rubric_versions SET change_note = 'wip' WHERE id = 2")();
    run("INSERT OR REPLACE INTO rubric_versions (id, item_id, version, status, author, change_note, created_at) VALUES (2, 'I-1', 2, 'draft', 'a', 'replaced', 0)")();
    run("DELETE FROM rubric_versions WHERE id = 2")();
    expect(db.$client.prepare("SELECT count(*) AS n FROM rubric_criteria").get()).toEqual({ n: 1 });
  });

  it("enforces foreign keys and weight bounds", () => {
    expect(run("INSERT INTO responses (id, item_id, model, assistant_turns, created_at) VALUES ('r', 'missing', 'm', '[]', 0)")).toThrow(/FOREIGN KEY/);
    expect(run("INSERT INTO rubric_criteria (rubric_version_id, criterion_id, position, dimension, weight, text, provenance) VALUES (2, 'c2', 1, 'disclaimers', 21, 'x', 'person')")).toThrow(/CHECK/);
  });
});
