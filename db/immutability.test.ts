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

  it("leaves drafts editable", () => {
    run("UPDATE rubric_criteria SET weight = 5 WHERE rubric_version_id = 2")();
    run("UPDATE rubric_versions SET change_note = 'wip' WHERE id = 2")();
    run("DELETE FROM rubric_versions WHERE id = 2")();
    expect(db.$client.prepare("SELECT count(*) AS n FROM rubric_criteria").get()).toEqual({ n: 1 });
  });

  it("enforces foreign keys and weight bounds", () => {
    expect(run("INSERT INTO responses (id, item_id, model, assistant_turns, created_at) VALUES ('r', 'missing', 'm', '[]', 0)")).toThrow(/FOREIGN KEY/);
    expect(run("INSERT INTO rubric_criteria (rubric_version_id, criterion_id, position, dimension, weight, text, provenance) VALUES (2, 'c2', 1, 'disclaimers', 21, 'x', 'person')")).toThrow(/CHECK/);
  });
});
