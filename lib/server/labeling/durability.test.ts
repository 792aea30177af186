import { spawn } from "node:child_process";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { seedCorpusIfEmpty } from "@/lib/server/demo/seedCorpus";
import { freshDb } from "@/test/db";
import { smallCorpus } from "@/test/smallCorpus";

describe("a clinician's saves under kill -9", () => {
  it("keeps every answered verdict (WAL with synchronous NORMAL, as the server opens the database)", async () => {
    const db = freshDb();
    await seedCorpusIfEmpty(smallCorpus());
    const child = spawn(process.execPath, ["--import", "tsx", "--conditions=react-server", "test/saveLabelsForever.ts", "1", "clin-1"], {
      env: { ...process.env, CONCORD_DB_PATH: db.$client.name },
      stdio: ["ignore", "pipe", "inherit"],
    });
    const answered = new Map<string, boolean>();
    const order: string[] = [];
    let saves = 0;
    let rest = "";
    child.stdout.on("data", (chunk: Buffer) => {
      const lines = (rest + chunk.toString()).split("\n");
      rest = lines.pop()!;
      for (const line of lines) {
        const [unit, verdict] = line.split(" ");
        if (!answered.has(unit)) order.push(unit);
        answered.set(unit, verdict === "true");
        saves++;
      }
    });
    const exited = new Promise((done) => child.on("exit", done));
    await expect.poll(() => saves, { timeout: 60_000, interval: 5 }).toBeGreaterThan(300);
    child.kill("SIGKILL");
    await exited;
    const number = new Map(db.all<{ number: number; response: string }>(sql`SELECT position + 1 AS number, response_id AS response FROM calibration_queue WHERE set_id = 1 AND user_id = 'clin-1'`).map((r) => [r.number, r.response]));
    const stored = (unit: string) => {
      const [n, criterion] = unit.split(":");
      return db.all<{ verdict: number }>(sql`SELECT verdict FROM labels WHERE rater_id = 'clin-1' AND response_id = ${number.get(Number(n))} AND criterion_id = ${criterion}`)[0]?.verdict;
    };
    // Each unit was saved several times over, alternately true and false: the last answer is the one stored.
    // The save after the last answered one may have committed unanswered (it goes round the units in order).
    expect(saves).toBeGreaterThan(2 * order.length);
    const next = { unit: order[saves % order.length], verdict: Math.floor(saves / order.length) % 2 === 0 };
    for (const [unit, verdict] of answered) {
      const allowed = unit === next.unit ? [verdict, next.verdict] : [verdict];
      expect(allowed.map((v) => (v ? 1 : 0)), unit).toContain(stored(unit));
    }
  }, 90_000);
});
