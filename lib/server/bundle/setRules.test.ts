import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { Db } from "@/db/client";
import type { Ctx } from "@/lib/server/context";
import { seedCorpusIfEmpty } from "@/lib/server/demo/seedCorpus";
import { Invalid } from "@/lib/server/errors";
import { closeCalibrationSet } from "@/lib/server/sets/closeCalibrationSet";
import { importSetVerdicts } from "@/lib/server/verdicts/importSetVerdicts";
import { freshDb } from "@/test/db";
import { smallCorpus } from "@/test/smallCorpus";
import { importBundle } from "./importBundle";

const lead: Ctx = { user: { id: "lead-1", email: "lead@demo.test", name: "Lee Lead", roles: ["lead"] } };
const jsonl = (records: object[]) => records.map((r) => JSON.stringify(r)).join("\n") + "\n";
const label = (rater: string, response: string, criterion: string, verdict = true) => ({ kind: "label", rater, response, criterion, verdict });
const verdict = (judge: string, response: string, criterion: string, value: boolean | null = true) => ({ kind: "verdict", judge, response, criterion, verdict: value });
// Stored by the seed (test/smallCorpus.ts).
const storedLabel = { ...label("clin-1", "r-1", "I-1.c1"), rationale: "Short reason." };
const storedVerdict = verdict("judge-01", "r-1", "I-1.c1", null);

const TABLES = ["labels", "judge_verdicts", "users", "user_roles", "calibration_set_clinicians", "calibration_queue"];
const snapshot = (db: Db) => Object.fromEntries(TABLES.map((t) => [t, db.all(sql.raw(`SELECT * FROM ${t} ORDER BY rowid`))]));
const refusal = (promise: Promise<unknown>) => promise.then(() => expect.fail("expected a refusal"), (e: unknown) => e as Invalid);

describe("imports respect calibration sets and roles", () => {
  let db: Db;
  beforeEach(async () => {
    db = freshDb();
    await seedCorpusIfEmpty(smallCorpus());
  });

  it("refuses a bundle that adds or changes labels or verdicts on a closed set's units, whole, naming each line", async () => {
    await closeCalibrationSet({ ctx: lead, input: { setId: 1 } });
    const before = snapshot(db);
    const error = await refusal(importBundle({ ctx: lead, input: { text: jsonl([
      storedLabel,
      label("clin-3", "r-2", "I-1.c1"),
      verdict("judge-02", "r-3", "I-2.c1"),
      { ...storedVerdict, verdict: true },
    ]) } }));
    expect(error).toBeInstanceOf(Invalid);
    expect(error.message).toBe("The bundle was not imported: 4 problems");
    expect(error.issues).toEqual([
      "line 2: response: the response belongs to a closed calibration set",
      "line 3: response: the response belongs to a closed calibration set",
      'line 4: verdict: a verdict by "judge-01" on response "r-1", criterion "I-1.c1" is already stored with different content',
      "line 4: response: the response belongs to a closed calibration set",
    ]);
    expect(snapshot(db)).toEqual(before);
  });

  it("compares a set's verdict upload with the verdicts on the set's pinned versions, not a newer version's", async () => {
    // The same judge later judged the unit on a newer published version of the rubric (a grading), with another verdict.
    const pinned = db.$client.prepare("SELECT rubric_version_id AS id FROM calibration_set_items WHERE set_id = 1 AND item_id = 'I-1'").get() as { id: number };
    const { id: newer } = db.$client.prepare("INSERT INTO rubric_versions (item_id, version, status, author, created_at) VALUES ('I-1', 99, 'draft', 'author-1', 0) RETURNING id").get() as { id: number };
    db.$client.prepare(`INSERT INTO rubric_criteria (rubric_version_id, criterion_id, position, dimension, weight, text, provenance)
      SELECT ?, criterion_id, position, dimension, weight, text, provenance FROM rubric_criteria WHERE rubric_version_id = ?`).run(newer, pinned.id);
    db.$client.prepare("UPDATE rubric_versions SET status = 'published', published_at = 1 WHERE id = ?").run(newer);
    db.$client.prepare("INSERT INTO judge_verdicts (judge, response_id, criterion_id, verdict, rubric_version_id, created_at) VALUES ('judge-01', 'r-1', 'I-1.c1', 1, ?, 1)").run(newer);
    const before = snapshot(db);
    // Restating the set's own stored verdict changes nothing and clashes with nothing.
    const result = await importSetVerdicts({ ctx: lead, input: { setId: 1, text: jsonl([storedVerdict]) } });
    expect(result.counts.verdicts).toEqual({ added: 0, unchanged: 1 });
    expect(snapshot(db)).toEqual(before);
    // Contradicting it is still refused.
    const error = await refusal(importSetVerdicts({ ctx: lead, input: { setId: 1, text: jsonl([{ ...storedVerdict, verdict: false }]) } }));
    expect(error.issues).toEqual(['line 1: verdict: a verdict by "judge-01" on response "r-1", criterion "I-1.c1" is already stored with different content']);
  });

  it("accepts restating a closed set's stored labels and verdicts: that changes nothing", async () => {
    await closeCalibrationSet({ ctx: lead, input: { setId: 1 } });
    const before = snapshot(db);
    const result = await importBundle({ ctx: lead, input: { text: jsonl([storedLabel, storedVerdict]) } });
    expect(result.counts.labels).toEqual({ added: 0, unchanged: 1 });
    expect(result.counts.verdicts).toEqual({ added: 0, unchanged: 1 });
    expect(snapshot(db)).toEqual(before);
  });

  it("refuses a set-scoped verdict import into a closed set with its lines", async () => {
    await closeCalibrationSet({ ctx: lead, input: { setId: 1 } });
    const before = snapshot(db);
    const error = await refusal(importSetVerdicts({ ctx: lead, input: { setId: 1, text: jsonl([storedVerdict, verdict("judge-02", "r-2", "I-1.c2", false)]) } }));
    expect(error).toBeInstanceOf(Invalid);
    expect(error.message).toBe("The verdicts were not imported: 1 problem");
    expect(error.issues).toEqual(["line 2: response: the response belongs to a closed calibration set"]);
    expect(snapshot(db)).toEqual(before);
  });

  it("refuses a label whose rater is an account that is only a lead or an author", async () => {
    const before = snapshot(db);
    const error = await refusal(importBundle({ ctx: lead, input: { text: jsonl([label("clin-2", "r-2", "I-1.c1"), label("lead-1", "r-2", "I-1.c1"), label("author-1", "r-3", "I-2.c1")]) } }));
    expect(error).toBeInstanceOf(Invalid);
    expect(error.issues).toEqual([
      'line 2: rater: "lead-1" is not a clinician (an account lead only): only clinicians give labels',
      'line 3: rater: "author-1" is not a clinician (an account author only): only clinicians give labels',
    ]);
    expect(snapshot(db)).toEqual(before);
  });

  it("makes a label's rater a clinician of the open set holding the unit, with their own queue, in the same import", async () => {
    db.run(sql`INSERT INTO users (id, name, created_at) VALUES ('clin-4', 'Clinician 4', 0)`);
    db.run(sql`INSERT INTO user_roles (user_id, role) VALUES ('clin-4', 'clinician'), ('lead-1', 'clinician')`);
    const result = await importBundle({ ctx: lead, input: { text: jsonl([
      label("clin-new", "r-2", "I-1.c1"),
      label("clin-new", "r-3", "I-2.c1"),
      label("clin-4", "r-2", "I-1.c2", false),
      label("lead-1", "r-4", "I-2.c2"),
      label("clin-1", "r-2", "I-1.c1"),
    ]) } });
    expect(result).toMatchObject({ ratersAdded: 1, setCliniciansAdded: 3 });
    expect(db.all(sql`SELECT role FROM user_roles WHERE user_id = 'clin-new'`)).toEqual([{ role: "clinician" }]);
    expect(db.all(sql`SELECT user_id FROM calibration_set_clinicians WHERE set_id = 1 ORDER BY user_id`).map((r) => (r as { user_id: string }).user_id))
      .toEqual(["clin-1", "clin-2", "clin-3", "clin-4", "clin-new", "lead-1"]);
    expect(db.all(sql`SELECT user_id, count(*) AS n FROM calibration_queue WHERE set_id = 1 AND user_id IN ('clin-4', 'clin-new', 'lead-1') GROUP BY user_id ORDER BY user_id`))
      .toEqual([{ user_id: "clin-4", n: 4 }, { user_id: "clin-new", n: 4 }, { user_id: "lead-1", n: 4 }]);
    expect(db.all(sql`SELECT json_extract(detail, '$.clinician') AS c FROM audit_log WHERE action = 'calibration_set.clinician_add' ORDER BY id`))
      .toEqual([{ c: "clin-new" }, { c: "clin-4" }, { c: "lead-1" }]);
  });
});
