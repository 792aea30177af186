import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { freshDb } from "@/test/db";
import { exportBundle } from "@/lib/server/bundle/exportBundle";
import { cliCtx } from "@/lib/server/systemCtx";
import { importCommand } from "./import";

describe("concord import", () => {
  let db: Db;
  let stderr: string[];
  let stdout: string[];
  beforeEach(() => {
    db = freshDb();
    stderr = [];
    stdout = [];
    vi.spyOn(process.stderr, "write").mockImplementation((chunk) => (stderr.push(String(chunk)), true));
    vi.spyOn(process.stdout, "write").mockImplementation((chunk) => (stdout.push(String(chunk)), true));
  });
  afterEach(() => vi.restoreAllMocks());

  const file = (text: string) => {
    const path = join(mkdtempSync(join(tmpdir(), "concord-cli-")), "bundle.jsonl");
    writeFileSync(path, text);
    return path;
  };

  it("prints counts for a good bundle", async () => {
    expect(await importCommand.run([join(process.cwd(), "test/fixtures/sample-small.jsonl")])).toBe(0);
    expect(stdout.join("")).toMatch(/items\s+12 added\s+0 unchanged/);
  });

  it("prints the first 200 problems, then how many more, exits 1 and writes nothing", async () => {
    expect(await importCommand.run([file("not json\n".repeat(250))])).toBe(1);
    const lines = stderr.join("").trimEnd().split("\n");
    expect(lines[0]).toBe("The bundle was not imported: 250 problems; the database is unchanged.");
    expect(lines[1]).toMatch(/^line 1: \(line\): not valid JSON/);
    expect(lines).toHaveLength(202);
    expect(lines[201]).toBe("and 50 more");
    expect(db.all(sql`SELECT count(*) AS n FROM audit_log`)).toEqual([{ n: 0 }]);
  });

  it("keeps model and judge lines as descriptions, and an export carries them back", async () => {
    const text = `{"kind":"model","id":"m-1","family":"acme","name":"Acme Chat"}\n{"kind":"judge","id":"j-1","family":"acme","model":"acme-large","settings":{"temperature":0}}\n`;
    expect(await importCommand.run([file(text)])).toBe(0);
    expect(db.all(sql`SELECT kind, id, family, name, model, settings FROM descriptions ORDER BY kind`)).toEqual([
      { kind: "judge", id: "j-1", family: "acme", name: null, model: "acme-large", settings: '{"temperature":0}' },
      { kind: "model", id: "m-1", family: "acme", name: "Acme Chat", model: null, settings: null },
    ]);
    const exported = await exportBundle({ ctx: cliCtx });
    expect(exported.split("\n").slice(0, 2)).toEqual([
      '{"kind":"model","id":"m-1","family":"acme","name":"Acme Chat"}',
      '{"kind":"judge","id":"j-1","family":"acme","model":"acme-large","settings":{"temperature":0}}',
    ]);
  });
});
