import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "@/db/client";
import type { Role } from "@/lib/roles";
import type { Ctx } from "@/lib/server/context";
import { seedCorpusIfEmpty } from "@/lib/server/demo/seedCorpus";
import { Conflict, Forbidden, NotFound } from "@/lib/server/errors";
import { freshDb } from "@/test/db";
import { smallCorpus } from "@/test/smallCorpus";
import { drainSaves } from "./drainSaves";
import { getLabelingView } from "./getLabelingView";
import { saveJournalOf } from "./saveJournal";
import { saveLabel } from "./saveLabel";

const as = (id: string, ...roles: Role[]): Ctx => ({ user: { id, email: `${id}@demo.test`, name: id, roles } });
const clin1 = as("clin-1", "clinician");

describe("a clinician's save while another connection holds the write lock (an import)", () => {
  let db: Db;
  let holder: Database.Database | undefined;
  let child: ChildProcess | undefined;
  /** Takes the write lock on a connection of its own, as an import's transaction does. */
  const hold = () => {
    holder?.close();
    holder = new Database(db.$client.name);
    holder.exec("BEGIN IMMEDIATE");
    return holder;
  };
  const release = () => holder!.exec("COMMIT");
  const numberOf = (responseId: string) =>
    (db.$client.prepare("SELECT position + 1 AS n FROM calibration_queue WHERE set_id = 1 AND user_id = 'clin-1' AND response_id = ?").get(responseId) as { n: number }).n;
  const stored = (responseId: string, criterionId: string) =>
    db.$client.prepare("SELECT verdict, rationale, given_at AS givenAt, updated_at AS updatedAt FROM labels WHERE set_id = 1 AND rater_id = 'clin-1' AND response_id = ? AND criterion_id = ?").get(responseId, criterionId) as
      | { verdict: number; rationale: string | null; givenAt: number; updatedAt: number }
      | undefined;
  const audits = () => db.$client.prepare("SELECT actor, at, action, detail FROM audit_log WHERE action LIKE 'label.save%' ORDER BY id").all() as { actor: string; at: number; action: string; detail: string }[];
  /** The journal file's rows, read on a connection of its own. */
  const waiting = () => {
    const journal = new Database(`${db.$client.name}-saves`, { fileMustExist: true });
    try {
      return journal.prepare("SELECT count(*) AS n FROM pending_saves").pluck().get() as number;
    } finally {
      journal.close();
    }
  };
  const save = (number: number, verdict: boolean, givenAt: number, rationale?: string, ctx = clin1) =>
    saveLabel({ ctx, input: { setId: 1, number, criterionId: "I-2.c1", verdict, rationale, givenAt } });

  beforeEach(async () => {
    db = freshDb();
    await seedCorpusIfEmpty(smallCorpus());
  });
  afterEach(() => {
    child?.kill("SIGKILL");
    if (holder?.inTransaction) holder.exec("ROLLBACK");
    holder?.close();
    holder = child = undefined;
  });

  it("is answered at once, shown on a reload, and written once the lock is released, audited at the time it was received", async () => {
    const number = numberOf("r-3");
    const done = (await getLabelingView({ ctx: clin1, input: { setId: 1, number } })).progress.criteriaDone;
    hold();
    const before = Date.now();
    const started = performance.now();
    await expect(save(number, true, Date.now(), "Named the hopelessness.")).resolves.toEqual({ verdict: true, rationale: "Named the hopelessness.", stale: false });
    expect(performance.now() - started).toBeLessThan(200);
    const answered = Date.now();
    expect(stored("r-3", "I-2.c1")).toBeUndefined();
    expect(waiting()).toBe(1);

    // A reload of the labeling screen shows the verdict before it is written; another clinician's screen does not.
    const view = await getLabelingView({ ctx: clin1, input: { setId: 1, number } });
    expect(view.criteria.find((c) => c.id === "I-2.c1")).toMatchObject({ verdict: true, rationale: "Named the hopelessness." });
    expect(view.criteria.find((c) => c.id === "I-2.c2")).toMatchObject({ verdict: null });
    expect(view.progress.criteriaDone).toBe(done); // the counts catch up once the save is written
    const other = db.$client.prepare("SELECT position + 1 AS n FROM calibration_queue WHERE set_id = 1 AND user_id = 'clin-2' AND response_id = 'r-3'").get() as { n: number };
    const theirs = await getLabelingView({ ctx: as("clin-2", "clinician"), input: { setId: 1, number: other.n } });
    expect(theirs.criteria.find((c) => c.id === "I-2.c1")).toMatchObject({ verdict: null });

    await sleep(100);
    release();
    await expect.poll(() => stored("r-3", "I-2.c1"), { timeout: 5_000, interval: 5 }).toMatchObject({ verdict: 1, rationale: "Named the hopelessness." });
    expect(waiting()).toBe(0);
    const [audit] = audits();
    expect(audits()).toHaveLength(1);
    expect(audit).toMatchObject({ actor: "clin-1", action: "label.save" });
    expect(audit.at).toBeGreaterThanOrEqual(before);
    expect(audit.at).toBeLessThanOrEqual(answered);
    expect(stored("r-3", "I-2.c1")!.updatedAt).toBe(audit.at);
    expect((await getLabelingView({ ctx: clin1, input: { setId: 1, number } })).progress.criteriaDone).toBe(done + 1);
  });

  it("compares a save with the newest one still waiting on its unit, and keeps later saves behind the waiting ones", async () => {
    const number = numberOf("r-3");
    hold();
    await expect(save(number, true, 2_000)).resolves.toEqual({ verdict: true, rationale: null, stale: false });
    // An older verdict arriving late is stale against the waiting one; the same again changes nothing.
    await expect(save(number, false, 1_000)).resolves.toEqual({ verdict: true, rationale: null, stale: true });
    await expect(save(number, true, 3_000)).resolves.toEqual({ verdict: true, rationale: null, stale: false });
    expect(waiting()).toBe(1);
    release();
    // The lock is free, but a save still waits: the next one queues behind it rather than overtaking it.
    await expect(save(number, false, 4_000, "Changed my mind.")).resolves.toEqual({ verdict: false, rationale: "Changed my mind.", stale: false });
    expect(waiting()).toBe(2);
    await expect.poll(() => waiting(), { timeout: 5_000, interval: 5 }).toBe(0);
    expect(stored("r-3", "I-2.c1")).toMatchObject({ verdict: 0, rationale: "Changed my mind.", givenAt: 4_000 });
    expect(audits().map((a) => JSON.parse(a.detail) as { old: unknown; new: unknown })).toEqual([
      expect.objectContaining({ old: null, new: { verdict: true, rationale: null } }),
      expect.objectContaining({ old: { verdict: true, rationale: null }, new: { verdict: false, rationale: "Changed my mind." } }),
    ]);
    // With nothing waiting, a save takes the direct path again: written before it is answered, no journal row.
    await save(number, true, 5_000);
    expect(stored("r-3", "I-2.c1")).toMatchObject({ verdict: 1, givenAt: 5_000 });
    expect(waiting()).toBe(0);
  });

  it("applies a journaled save once however often it is drained (a crash between the write and the journal's delete)", async () => {
    hold();
    await save(numberOf("r-3"), true, Date.now(), "Named the hopelessness.");
    const [pending] = saveJournalOf(db.$client)!.oldest(10);
    release();
    await expect.poll(() => waiting(), { timeout: 5_000, interval: 5 }).toBe(0);
    const written = stored("r-3", "I-2.c1");
    expect(written).toMatchObject({ verdict: 1 });

    saveJournalOf(db.$client)!.append(pending);
    expect(waiting()).toBe(1);
    expect(drainSaves(db.$client)).toBe(true);
    expect(waiting()).toBe(0);
    expect(stored("r-3", "I-2.c1")).toEqual(written);
    expect(audits()).toHaveLength(1);
  });

  it("writes a save accepted before its set was closed; refuses saves once the close is committed", async () => {
    const number = numberOf("r-3");
    const lock = hold();
    await save(number, true, Date.now());
    lock.prepare("UPDATE calibration_sets SET status = 'closed', closed_at = ? WHERE id = 1").run(Date.now());
    release();
    await expect.poll(() => stored("r-3", "I-2.c1"), { timeout: 5_000, interval: 5 }).toMatchObject({ verdict: 1 });
    expect(audits()).toHaveLength(1);
    await expect(save(number, false, Date.now())).rejects.toBeInstanceOf(Conflict);
    // Refused the same way while an import holds the lock: nothing is journaled.
    hold();
    await expect(save(number, false, Date.now())).rejects.toThrow(/closed/);
    expect(waiting()).toBe(0);
  });

  it("drops a save whose set was deleted meanwhile, with an audit row written once", async () => {
    const lock = hold();
    await save(numberOf("r-3"), true, Date.now());
    const [pending] = saveJournalOf(db.$client)!.oldest(10);
    lock.exec("PRAGMA foreign_keys = ON");
    lock.exec("DELETE FROM calibration_sets WHERE id = 1");
    release();
    await expect.poll(() => waiting(), { timeout: 5_000, interval: 5 }).toBe(0);
    expect(db.$client.prepare("SELECT count(*) FROM labels WHERE response_id = 'r-3'").pluck().get()).toBe(0);
    const dropped = () => audits().filter((a) => a.action === "label.save.dropped");
    expect(dropped()).toHaveLength(1);
    expect(dropped()[0]).toMatchObject({ actor: "clin-1", at: pending.receivedAt });
    expect(JSON.parse(dropped()[0].detail)).toMatchObject({ set: 1, response: "r-3", criterion: "I-2.c1", new: { verdict: true, rationale: null }, reason: expect.stringMatching(/deleted/) });

    saveJournalOf(db.$client)!.append(pending);
    expect(drainSaves(db.$client)).toBe(true);
    expect(dropped()).toHaveLength(1);
  });

  it("still refuses the wrong role, a set not assigned and a place not in the queue, journaling nothing", async () => {
    hold();
    await expect(save(1, true, Date.now(), undefined, as("lead-1", "lead"))).rejects.toBeInstanceOf(Forbidden);
    await expect(save(1, true, Date.now(), undefined, as("author-1", "author"))).rejects.toBeInstanceOf(Forbidden);
    await expect(saveLabel({ ctx: clin1, input: { setId: 99, number: 1, criterionId: "I-2.c1", verdict: true, givenAt: Date.now() } })).rejects.toBeInstanceOf(NotFound);
    await expect(save(99, true, Date.now())).rejects.toThrow(/no response at that place/);
    await expect(saveLabel({ ctx: clin1, input: { setId: 1, number: numberOf("r-1"), criterionId: "I-2.c1", verdict: true, givenAt: Date.now() } })).rejects.toThrow(/not part of this response's rubric/);
    expect(waiting()).toBe(0);
  });

  it("keeps a journaled save through kill -9 of the server; the next process (concord backup) writes it exactly once, into the backup too", async () => {
    const path = db.$client.name;
    const number = numberOf("r-3");
    hold();
    child = spawn(process.execPath, ["--import", "tsx", "--conditions=react-server", "test/journalOneSave.ts", "1", "clin-1", String(number), "I-2.c1"], {
      env: { ...process.env, CONCORD_DB_PATH: path },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let answer = "";
    child.stdout!.on("data", (chunk: Buffer) => (answer += chunk.toString()));
    await expect.poll(() => answer, { timeout: 30_000, interval: 10 }).toContain("\n");
    expect(JSON.parse(answer)).toEqual({ verdict: true, rationale: "Named the hopelessness.", stale: false });
    const exited = new Promise((done) => child!.once("exit", done));
    child.kill("SIGKILL");
    await exited;
    release();
    expect(stored("r-3", "I-2.c1")).toBeUndefined();
    expect(waiting()).toBe(1);

    const backup = join(mkdtempSync(join(tmpdir(), "concord-backup-")), "backup.db");
    const cli = spawn(process.execPath, ["--conditions=react-server", "cli/launch.mjs", "backup", backup], { env: { ...process.env, CONCORD_DB_PATH: path }, stdio: ["ignore", "ignore", "inherit"] });
    expect(await new Promise((done) => cli.once("exit", done))).toBe(0);
    expect(waiting()).toBe(0);
    expect(stored("r-3", "I-2.c1")).toMatchObject({ verdict: 1, rationale: "Named the hopelessness." });
    expect(audits()).toHaveLength(1);
    const copy = new Database(backup, { readonly: true });
    expect(copy.prepare("SELECT verdict FROM labels WHERE set_id = 1 AND rater_id = 'clin-1' AND response_id = 'r-3' AND criterion_id = 'I-2.c1'").get()).toEqual({ verdict: 1 });
    copy.close();
    // This process drains too: nothing is left to apply twice.
    expect(drainSaves(db.$client)).toBe(true);
    expect(audits()).toHaveLength(1);
  }, 60_000);
});
