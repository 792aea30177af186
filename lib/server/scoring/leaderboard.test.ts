import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { scoreCommand } from "@/cli/commands/score";
import type { Db } from "@/db/client";
import { leaderboardCsv } from "@/lib/scoring/csv";
import type { ScoreReport } from "@/lib/scoring/report";
import { exportBundle } from "@/lib/server/bundle/exportBundle";
import { getFreezeRecord } from "@/lib/server/freeze/getFreezeRecord";
import { startRun } from "@/lib/server/runs/startRun";
import type { RunWorker } from "@/lib/server/runs/worker";
import { cliCtx } from "@/lib/server/systemCtx";
import { as } from "@/test/authoring";
import { panelOnStub } from "@/test/panelOnStub";
import { getLeaderboard, leaderboardWork } from "./getLeaderboard";
import { listGradings } from "./listGradings";
import { loadGradingInput } from "./loadGradingInput";

const lead = as("lead-1", "lead");
const author = as("author-1", "author");
const clinician = as("clin-1", "clinician");

let db: Db;
let freezeId: number;
let panel: string[];
let runId: number;
let endpointId: number;
let worker: RunWorker;
let close: (() => Promise<void>) | undefined;
let dir: string;

afterEach(async () => {
  await close?.();
  close = undefined;
});

/**
 * The sample corpus with its frozen panel; the panel's judges configured on the stub and
 * their verdicts on the last eight responses removed, so the grade run asks for those and
 * keeps the rest; a family for each model (model-a shares the judges' family "stub").
 */
beforeEach(async () => {
  ({ db, freezeId, panel, endpointId, worker, close } = await panelOnStub());
  dir = mkdtempSync(join(tmpdir(), "concord-score-"));
  db.$client
    .prepare(`DELETE FROM judge_verdicts WHERE judge IN (SELECT value FROM json_each(?)) AND response_id IN (SELECT id FROM responses ORDER BY id DESC LIMIT 8)`)
    .run(JSON.stringify(panel));
  const family = db.$client.prepare("INSERT INTO descriptions (kind, id, family) VALUES ('model', ?, ?)");
  for (const [model, f] of [["model-a", "stub"], ["model-b", "north"], ["model-c", "north"], ["model-d", "south"], ["model-e", "south"]]) family.run(model, f);
  const started = await startRun({ ctx: lead, input: { kind: "grade", freezeId } });
  expect(started.calls).toBeGreaterThan(0);
  runId = started.runId;
  expect(worker.start()).toBe(true);
  await worker.whenIdle();
});

/** The grade run's pinned rubric version ids by item. */
const pinnedVersions = () =>
  (JSON.parse((db.$client.prepare("SELECT spec FROM runs WHERE id = ?").get(runId) as { spec: string }).spec) as { rubricVersions: Record<string, number> }).rubricVersions;

/** `concord score` on the database's exported bundle with the frozen record, as a user would run it. */
async function cliScore(...extra: string[]): Promise<ScoreReport> {
  const bundle = join(dir, "bundle.jsonl");
  const record = join(dir, "record.json");
  const out = join(dir, `report-${extra.join("-")}.json`);
  writeFileSync(bundle, await exportBundle({ ctx: lead }));
  writeFileSync(record, JSON.stringify((await getFreezeRecord({ ctx: lead, input: { id: freezeId } })).record));
  const write = process.stderr.write;
  process.stderr.write = () => true;
  try {
    expect(await scoreCommand.run([bundle, "--freeze", record, "--out", out, ...extra])).toBe(0);
  } finally {
    process.stderr.write = write;
  }
  return JSON.parse(readFileSync(out, "utf8")) as ScoreReport;
}

describe("loadGradingInput", () => {
  it("reads the run's pinned versions, the graded responses, the panel's verdicts on those versions and the families", () => {
    const spec = { rubricVersions: pinnedVersions() };
    const grading = loadGradingInput(db, runId);
    expect(grading.panel).toEqual([...panel].sort());
    expect(grading.freezeId).toBe(freezeId);
    expect(grading.models).toEqual(["model-a", "model-b", "model-c", "model-d", "model-e", "model-f"]);
    expect(grading.input.items.map((i) => i.id)).toEqual(Object.keys(spec.rubricVersions).sort());
    // each item on its pinned version: the newest published one at the run's start
    for (const item of grading.input.items) {
      const pinned = db.$client.prepare("SELECT version FROM rubric_versions WHERE id = ?").get(spec.rubricVersions[item.id]) as { version: number };
      expect(grading.versions[item.id]).toBe(pinned.version);
      const criteria = db.$client.prepare("SELECT criterion_id AS id FROM rubric_criteria WHERE rubric_version_id = ? ORDER BY position").all(spec.rubricVersions[item.id]);
      expect(item.criteria.map((c) => c.id)).toEqual(criteria.map((c) => (c as { id: string }).id));
    }
    expect(grading.input.responses).toHaveLength(36);
    const units = grading.input.responses.reduce((sum, r) => sum + grading.input.items.find((i) => i.id === r.item)!.criteria.length, 0);
    // every unit judged by every panel judge: imported verdicts plus the run's
    expect(grading.input.verdicts).toHaveLength(units * panel.length);
    expect(new Set(grading.input.verdicts.map((v) => v.judge))).toEqual(new Set(panel));
    expect(grading.input.families.models.get("model-a")).toBe("stub");
    expect(grading.input.families.models.has("model-f")).toBe(false);
    expect(grading.input.families.judges.get(panel[0])).toBe("stub");
    expect(grading.simulated).toBe(false);
  });

  it("keeps to the pinned versions when a newer rubric version is published later, and leaves out other judges' verdicts", async () => {
    const before = (await getLeaderboard({ ctx: lead, input: { runId } }))!;
    const item = loadGradingInput(db, runId).input.items[0];
    const { id } = db.$client
      .prepare("INSERT INTO rubric_versions (item_id, version, status, author, created_at, published_at) VALUES (?, 99, 'draft', 'author-1', 0, NULL) RETURNING id")
      .get(item.id) as { id: number };
    db.$client.prepare("INSERT INTO rubric_criteria (rubric_version_id, criterion_id, position, dimension, weight, text, provenance) VALUES (?, ?, 0, 'identification', 3, 'New wording.', 'person')").run(id, item.criteria[0].id);
    db.$client.prepare("UPDATE rubric_versions SET status = 'published', published_at = 1 WHERE id = ?").run(id);
    db.$client
      .prepare("INSERT INTO judge_verdicts (judge, response_id, criterion_id, verdict, rubric_version_id, created_at) SELECT ?, id, ?, 0, ?, 0 FROM responses WHERE item_id = ?")
      .run(panel[0], item.criteria[0].id, id, item.id);
    db.$client
      .prepare("INSERT INTO judge_verdicts (judge, response_id, criterion_id, verdict, rubric_version_id, created_at) SELECT 'judge-outsider', id, ?, 0, ?, 0 FROM responses WHERE item_id = ?")
      .run(item.criteria[0].id, pinnedVersions()[item.id], item.id);
    const after = (await getLeaderboard({ ctx: lead, input: { runId } }))!;
    expect(loadGradingInput(db, runId).input.items[0].criteria).toEqual(item.criteria);
    expect(after.fingerprint).toBe(before.fingerprint);
    expect(after.cached).toBe(true);
    expect(after.report).toEqual(before.report);
  });

  it("says plainly when a panel judge ran on a simulated endpoint", () => {
    db.$client.prepare("UPDATE endpoints SET simulated = 1 WHERE id = ?").run(endpointId);
    expect(loadGradingInput(db, runId).simulated).toBe(true);
  });
});

describe("getLeaderboard", () => {
  it("gives exactly the report of `concord score` on the same data, seed and resamples", async () => {
    const board = (await getLeaderboard({ ctx: lead, input: {} }))!;
    expect(board.grading.run.id).toBe(runId);
    expect(board.report.resamples).toBe(10_000);
    expect(board.report.models).toHaveLength(6);
    expect(board.report.same_family).not.toBeNull();
    expect(board.report.models.find((m) => m.model === "model-a")!.family_excluded_score).toBeNull();
    expect(board.report).toEqual(await cliScore());
  });

  it("downloads as CSV: one row per model in leaderboard order with every per-model figure, unrounded", async () => {
    const { report } = (await getLeaderboard({ ctx: lead, input: { runId } }))!;
    const [header, ...rows] = leaderboardCsv(report).trimEnd().split("\r\n").map((line) => line.split(","));
    expect(header.slice(0, 7)).toEqual(["rank", "band", "model", "score", "ci95_low", "ci95_high", "all_met"]);
    expect(header.at(-1)).toBe("family_excluded_score");
    expect(rows.map((r) => r[2])).toEqual(report.models.map((m) => m.model));
    const col = (name: string) => header.indexOf(name);
    for (const [i, m] of report.models.entries()) {
      expect(Number(rows[i][col("score")])).toBe(m.score);
      expect(Number(rows[i][col("ci95_high")])).toBe(m.ci95![1]);
      expect(Number(rows[i][col("gap_not_referred")])).toBe(m.gap.not_referred);
      expect(rows[i][col("family_excluded_score")]).toBe(m.family_excluded_score === null ? "" : String(m.family_excluded_score));
    }
  });

  it("filters by model as `score --models` does, and by subcategory to that subcategory's items", async () => {
    const models = await getLeaderboard({ ctx: lead, input: { runId, models: "model-c,model-a" } });
    expect(models!.report.models.map((m) => m.model).sort()).toEqual(["model-a", "model-c"]);
    expect(models!.report).toEqual(await cliScore("--models", "model-c,model-a"));

    const all = (await getLeaderboard({ ctx: lead, input: { runId } }))!;
    const subcategory = all.grading.subcategories[0];
    const items = loadGradingInput(db, runId).input.items.filter((i) => i.subcategory === subcategory).length;
    const sub = (await getLeaderboard({ ctx: lead, input: { runId, subcategory } }))!;
    expect(sub.filter.subcategory).toBe(subcategory);
    expect(sub.report.items).toBeLessThanOrEqual(items);
    expect(sub.report.items).toBeLessThan(all.report.items);
    expect(Object.keys(sub.report.strata.subcategory)).toEqual([subcategory]);
    expect(Object.keys(sub.report.empty_by_subcategory)).toEqual([subcategory]);
  });

  it("caches by the input's fingerprint: the same data is not computed twice, a changed verdict is", async () => {
    const first = (await getLeaderboard({ ctx: lead, input: { runId } }))!;
    const again = (await getLeaderboard({ ctx: lead, input: { runId } }))!;
    expect(again.cached).toBe(true);
    expect(again.fingerprint).toBe(first.fingerprint);
    db.$client.prepare("UPDATE judge_verdicts SET verdict = NOT verdict WHERE id = (SELECT min(id) FROM judge_verdicts WHERE judge = ? AND verdict IS NOT NULL)").run(panel[0]);
    const changed = (await getLeaderboard({ ctx: lead, input: { runId } }))!;
    expect(changed.cached).toBe(false);
    expect(changed.fingerprint).not.toBe(first.fingerprint);
  });

  it("sees a write by another connection (another process, say) at once, and nothing else skips the cache", async () => {
    const first = (await getLeaderboard({ ctx: lead, input: { runId } }))!;
    expect((await getLeaderboard({ ctx: lead, input: { runId } }))!.cached).toBe(true);
    const other = new Database(db.$client.name);
    other.prepare("UPDATE judge_verdicts SET verdict = NOT verdict WHERE judge IN (SELECT value FROM json_each(?)) AND verdict IS NOT NULL").run(JSON.stringify(panel));
    other.close();
    const after = (await getLeaderboard({ ctx: lead, input: { runId } }))!;
    expect(after.cached).toBe(false);
    expect(after.fingerprint).not.toBe(first.fingerprint);
    expect(after.report.models.map((m) => m.score)).not.toEqual(first.report.models.map((m) => m.score));
  });

  it("after a write the grading does not read (a label, another judge's verdicts, a newer rubric version's) neither re-reads nor recomputes", async () => {
    const first = (await getLeaderboard({ ctx: lead, input: { runId } }))!;
    const before = { ...leaderboardWork };
    const [response] = loadGradingInput(db, runId).input.responses;
    const criterion = db.$client.prepare("SELECT id FROM criteria WHERE item_id = ? LIMIT 1").get(response.item) as { id: string };
    db.$client.prepare("INSERT OR IGNORE INTO users (id, email, name, password_hash, active, created_at) VALUES ('clin-9', 'clin-9@example.org', 'Clin', 'x', 1, 0)").run();
    db.$client
      .prepare("INSERT INTO labels (rater_id, response_id, criterion_id, verdict, given_at, created_at, updated_at) VALUES ('clin-9', ?, ?, 1, 0, 0, 0)")
      .run(response.id, criterion.id);
    db.$client
      .prepare("INSERT INTO judge_verdicts (judge, response_id, criterion_id, verdict, rubric_version_id, created_at) SELECT 'judge-outsider', response_id, criterion_id, 1, rubric_version_id, 0 FROM judge_verdicts WHERE judge = ?")
      .run(panel[0]);
    const again = (await getLeaderboard({ ctx: lead, input: { runId } }))!;
    expect(again.cached).toBe(true);
    expect(leaderboardWork).toEqual(before);
    expect(again.report).toEqual(first.report);
  });

  it("after a write it does read (a panel verdict, a family) reads the grading again and recomputes", async () => {
    const first = (await getLeaderboard({ ctx: lead, input: { runId } }))!;
    const before = { ...leaderboardWork };
    db.$client.prepare("UPDATE judge_verdicts SET verdict = NOT verdict WHERE id = (SELECT min(id) FROM judge_verdicts WHERE judge = ? AND verdict IS NOT NULL)").run(panel[1]);
    const flipped = (await getLeaderboard({ ctx: lead, input: { runId } }))!;
    expect(leaderboardWork).toEqual({ loads: before.loads + 1, computes: before.computes + 1 });
    expect(flipped.fingerprint).not.toBe(first.fingerprint);
    db.$client.prepare("UPDATE descriptions SET family = 'elsewhere' WHERE kind = 'model' AND id = 'model-a'").run();
    const moved = (await getLeaderboard({ ctx: lead, input: { runId } }))!;
    expect(leaderboardWork).toEqual({ loads: before.loads + 2, computes: before.computes + 2 });
    const a = (r: typeof moved) => r.report.models.find((m) => m.model === "model-a")!;
    expect(a(flipped).family_excluded_score).toBeNull();
    expect(a(moved).family_excluded_score).toBe(a(moved).score);
  });

  it("refuses unknown runs and models, a subcategory the grading lacks and an unfinished run, with a sentence", async () => {
    await expect(getLeaderboard({ ctx: lead, input: { runId: 999 } })).rejects.toThrow("There is no grade run 999.");
    await expect(getLeaderboard({ ctx: lead, input: { freezeId: 999 } })).rejects.toThrow("Frozen panel #999 has no finished grading.");
    await expect(getLeaderboard({ ctx: lead, input: { runId, models: "model-a,model-z" } })).rejects.toThrow(`models: grade run ${runId} did not grade "model-z".`);
    await expect(getLeaderboard({ ctx: lead, input: { runId, subcategory: "no_such_thing" } })).rejects.toThrow(/subcategory: grade run \d+ has no item in "no_such_thing"/);
    db.$client.prepare("UPDATE runs SET status = 'paused' WHERE id = ?").run(runId);
    await expect(getLeaderboard({ ctx: lead, input: { runId } })).rejects.toThrow(/is paused, not done/);
    expect(await getLeaderboard({ ctx: lead, input: {} })).toBeNull();
  });

  it("is for leads and authors; clinicians and signed-out callers are refused", async () => {
    expect((await getLeaderboard({ ctx: author, input: { runId } }))!.report.models).toHaveLength(6);
    expect((await listGradings({ ctx: author })).map((g) => g.id)).toEqual([runId]);
    await expect(getLeaderboard({ ctx: clinician, input: { runId } })).rejects.toMatchObject({ status: 403 });
    await expect(listGradings({ ctx: clinician })).rejects.toMatchObject({ status: 403 });
    await expect(getLeaderboard({ ctx: { user: null }, input: { runId } })).rejects.toMatchObject({ status: 401 });
    await expect(getLeaderboard({ ctx: cliCtx, input: { runId } })).resolves.not.toBeNull();
  });
});
