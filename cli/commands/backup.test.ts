import { copyFileSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { openDb, setDb, type Db } from "@/db/client";
import { exportBundle } from "@/lib/server/bundle/exportBundle";
import { seedCorpusIfEmpty } from "@/lib/server/demo/seedCorpus";
import { cliCtx } from "@/lib/server/systemCtx";
import { freshDb } from "@/test/db";
import { smallCorpus } from "@/test/smallCorpus";
import { backupCommand } from "./backup";

const TABLES = ["users", "items", "rubric_criteria", "responses", "labels", "calibration_sets", "calibration_queue", "audit_log"];
const rows = (db: Db) => Object.fromEntries(TABLES.map((t) => [t, db.all(sql.raw(`SELECT * FROM ${t} ORDER BY rowid`))]));

describe("concord backup", () => {
  let db: Db;
  let stderr: string[];
  const dir = () => mkdtempSync(join(tmpdir(), "concord-backup-"));
  beforeEach(async () => {
    db = freshDb();
    await seedCorpusIfEmpty(smallCorpus());
    stderr = [];
    vi.spyOn(process.stderr, "write").mockImplementation((chunk) => (stderr.push(String(chunk)), true));
    vi.spyOn(process.stdout, "write").mockImplementation(() => true);
  });
  afterEach(() => vi.restoreAllMocks());

  it("copies the live database, recent writes still in the WAL included, and the copy restores to the same data", async () => {
    db.run(sql`UPDATE items SET notes = 'written just before the backup' WHERE id = 'I-1'`);
    const before = rows(db);
    const exported = await exportBundle({ ctx: cliCtx });
    const file = join(dir(), "backup.db");
    expect(await backupCommand.run([file])).toBe(0);

    // Restore as README says: the server stopped, the copy put in place of the database file.
    const restored = join(dir(), "concord.db");
    copyFileSync(file, restored);
    const copy = openDb(restored);
    setDb(copy);
    expect(rows(copy)).toEqual(before);
    expect(await exportBundle({ ctx: cliCtx })).toBe(exported);
  });

  it("never overwrites an existing file", async () => {
    const file = join(dir(), "taken.db");
    writeFileSync(file, "keep me");
    expect(await backupCommand.run([file])).toBe(1);
    expect(stderr.join("")).toMatch(/already exists/);
    expect(await backupCommand.run([])).toBe(2);
  });
});
