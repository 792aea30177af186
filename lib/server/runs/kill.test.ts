import { spawn, type ChildProcess } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { requestHash, type ChatRequest } from "@/lib/runs/chat";
import { seedCorpusIfEmpty } from "@/lib/server/demo/seedCorpus";
import { as } from "@/test/authoring";
import { freshDb } from "@/test/db";
import { startChatStub, type ChatStub } from "@/test/llm-stub";
import { addEndpoint, addJudges, verdictReply } from "@/test/runs";
import { smallCorpus } from "@/test/smallCorpus";
import { startRun } from "./startRun";

let stub: ChatStub | undefined;
let child: ChildProcess | undefined;

afterEach(async () => {
  child?.kill("SIGKILL");
  await stub?.close();
});

/** `concord run work` in its own process, as a user starts it. */
function worker(dbPath: string): ChildProcess {
  const proc = spawn(process.execPath, ["--conditions=react-server", "cli/launch.mjs", "run", "work"], {
    env: { ...process.env, CONCORD_DB_PATH: dbPath },
    stdio: ["ignore", "pipe", "pipe"],
  });
  proc.stderr!.on("data", (d: Buffer) => process.stderr.write(d));
  return proc;
}

const exited = (proc: ChildProcess) => new Promise<number | null>((resolve) => proc.once("exit", (code) => resolve(code)));

describe("a run killed with kill -9", () => {
  it("finishes after a restart with every unit judged once, never repeating a call whose result was stored", async () => {
    const db = freshDb();
    await seedCorpusIfEmpty(smallCorpus());
    db.$client.exec("UPDATE responses SET assistant_turns = json_array('I hear you, ' || id) WHERE item_id = 'I-1'");
    db.$client.exec("UPDATE responses SET assistant_turns = json_array('That sounds hard.', 'I am here, ' || id) WHERE item_id = 'I-2'");
    const log: { hash: string; at: number }[] = [];
    stub = await startChatStub((request) => {
      const body = { ...(request.body as ChatRequest & { stream?: boolean }) };
      delete body.stream;
      log.push({ hash: requestHash(body), at: Date.now() });
      return { ...verdictReply(request), delayMs: 60 };
    });
    const endpoint = addEndpoint(db, stub.url, { maxConcurrency: 2 });
    addJudges(db, endpoint, "j-a", "j-b", "j-c");
    const { runId, calls } = await startRun({ ctx: as("lead-1", "lead"), input: { kind: "judge", setId: 1, judges: ["j-a", "j-b", "j-c"] } });
    expect(calls).toBe(24);
    const path = db.$client.name;
    const stored = () => db.$client.prepare("SELECT request_hash AS hash FROM run_calls WHERE run_id = ? AND status = 'done'").all(runId) as { hash: string }[];

    child = worker(path);
    await expect.poll(() => stored().length, { timeout: 60_000, interval: 20 }).toBeGreaterThanOrEqual(6);
    child.kill("SIGKILL");
    await exited(child);
    const killedAt = Date.now();
    const before = new Set(stored().map((r) => r.hash));
    expect(before.size).toBeLessThan(24);

    child = worker(path);
    expect(await exited(child)).toBe(0);

    const after = stored();
    expect(after).toHaveLength(24);
    expect(new Set(after.map((r) => r.hash)).size).toBe(24);
    // No request whose result was stored before the kill was sent again.
    const repeated = log.filter((r) => r.at > killedAt && before.has(r.hash));
    expect(repeated).toEqual([]);
    // Every unit has exactly one verdict per judge, and the run is done.
    expect(db.$client.prepare("SELECT count(*) AS n, count(DISTINCT judge || response_id || criterion_id) AS units FROM judge_verdicts WHERE judge LIKE 'j-%'").get()).toEqual({ n: 24, units: 24 });
    expect(db.$client.prepare("SELECT status FROM runs WHERE id = ?").get(runId)).toEqual({ status: "done" });
  }, 120_000);
});
