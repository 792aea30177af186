import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Db } from "@/db/client";
import { as } from "@/test/authoring";
import { freshDb } from "@/test/db";
import { startChatStub, type ChatStub, type StubBehaviour } from "@/test/llm-stub";
import { addEndpoint, addJudges, addModels, callIdentity, respondReply, verdictReply } from "@/test/runs";
import { smallCorpus } from "@/test/smallCorpus";
import { seedCorpusIfEmpty } from "@/lib/server/demo/seedCorpus";
import { changeRunStatus } from "./changeRunStatus";
import { estimateRun } from "./estimateRun";
import { readRunProgress } from "./getRunProgress";
import { startRun } from "./startRun";
import { RunWorker } from "./worker";

const lead = as("lead-1", "lead");
let db: Db;
let stub: ChatStub | undefined;
let worker: RunWorker | undefined;

beforeEach(async () => {
  db = freshDb();
  await seedCorpusIfEmpty(smallCorpus());
  // Every response its own text, so each unit's prompt is its own.
  db.$client.exec("UPDATE responses SET assistant_turns = CASE item_id WHEN 'I-1' THEN json_array('I hear you, ' || id) ELSE json_array('That sounds hard.', 'I am here, ' || id) END");
});

afterEach(async () => {
  vi.restoreAllMocks();
  await worker?.stop();
  worker = undefined;
  await stub?.close();
  stub = undefined;
});

async function withStub(behaviour: StubBehaviour, settings: Parameters<typeof addEndpoint>[2] = {}): Promise<number> {
  stub = await startChatStub(behaviour);
  return addEndpoint(db, stub.url, settings);
}

async function runToEnd(): Promise<void> {
  worker = new RunWorker(db, { pollMs: 20, flushMs: 5, minBackoffMs: 5, maxBackoffMs: 20 });
  expect(worker.start()).toBe(true);
  await worker.whenIdle();
}

const verdicts = () => db.$client.prepare("SELECT judge, response_id AS response, criterion_id AS criterion, verdict, rationale, rubric_version_id AS version FROM judge_verdicts WHERE judge LIKE 'j-%' ORDER BY judge, response_id, criterion_id").all() as { judge: string; verdict: number | null; rationale: string | null }[];
const calls = () => db.$client.prepare("SELECT key, status, attempts, last_error AS error, template_hash AS templateHash, request_hash AS requestHash, tokens_in AS tokensIn, tokens_out AS tokensOut FROM run_calls ORDER BY id").all() as { key: string; status: string; attempts: number; error: string | null; templateHash: string; requestHash: string; tokensIn: number; tokensOut: number }[];

describe("judge runs", () => {
  it("keeps working while another writer holds the database past the busy timeout, and stores every verdict once it is free", async () => {
    const endpoint = await withStub((request) => verdictReply(request));
    addJudges(db, endpoint, "j-a");
    await startRun({ ctx: lead, input: { kind: "judge", setId: 1, judges: ["j-a"] } });
    db.$client.pragma("busy_timeout = 20");
    worker = new RunWorker(db, { pollMs: 20, flushMs: 5, minBackoffMs: 5, maxBackoffMs: 20 });
    expect(worker.start()).toBe(true);
    // A second connection (a long import, the CLI) takes the write lock and keeps it for a while.
    const other = new Database(db.$client.name);
    other.exec("BEGIN IMMEDIATE");
    const idle = worker.whenIdle();
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(verdicts()).toHaveLength(0);
    other.exec("COMMIT");
    other.close();
    await idle;
    expect(verdicts()).toHaveLength(8);
    expect(stub!.requests.filter((r) => r.path === "/v1/chat/completions")).toHaveLength(8);
  });

  it("does not start while another writer holds the database, and starts once it is free", async () => {
    const endpoint = await withStub((request) => verdictReply(request));
    addJudges(db, endpoint, "j-a");
    await startRun({ ctx: lead, input: { kind: "judge", setId: 1, judges: ["j-a"] } });
    db.$client.pragma("busy_timeout = 20");
    const other = new Database(db.$client.name);
    other.exec("BEGIN IMMEDIATE");
    worker = new RunWorker(db, { pollMs: 20, flushMs: 5, minBackoffMs: 5, maxBackoffMs: 20 });
    expect(worker.start()).toBe(false);
    other.exec("COMMIT");
    other.close();
    expect(worker.start()).toBe(true);
    await worker.whenIdle();
    expect(verdicts()).toHaveLength(8);
  });

  it("estimates, then judges every unit of the set once per judge, storing verdicts on the pinned rubric version", async () => {
    const endpoint = await withStub((request) => verdictReply(request));
    addJudges(db, endpoint, "j-a", "j-b");
    const estimate = await estimateRun({ ctx: lead, input: { kind: "judge", setId: 1, judges: ["j-a", "j-b"] } });
    expect(estimate.calls).toBe(16);
    expect(estimate.tokensIn).toBeGreaterThan(0);
    expect(estimate.cost).toBeNull();

    const { runId, calls: planned } = await startRun({ ctx: lead, input: { kind: "judge", setId: 1, judges: ["j-a", "j-b"] } });
    expect(planned).toBe(16);
    await runToEnd();

    expect(verdicts()).toHaveLength(16);
    expect(verdicts().every((v) => v.verdict !== null && v.rationale)).toBe(true);
    const pinned = db.$client.prepare("SELECT rubric_version_id AS id FROM calibration_set_items WHERE set_id = 1").all() as { id: number }[];
    expect(new Set(verdicts().map((v) => (v as unknown as { version: number }).version))).toEqual(new Set(pinned.map((p) => p.id)));
    expect(stub!.requests.filter((r) => r.path === "/v1/chat/completions")).toHaveLength(16);
    expect(new Set(stub!.requests.map(callIdentity)).size).toBe(16);
    // The request follows the judge's settings and asks for the verdict's JSON schema.
    const body = stub!.requests[0].body as { model: string; temperature: number; max_tokens: number; seed: number; response_format: { type: string } };
    expect(body).toMatchObject({ model: "model-of-j-a", temperature: 0, max_tokens: 8192, seed: 7, response_format: { type: "json_schema" } });
    expect(stub!.requests[0].body!.messages![1].content).toContain(">>> GRADED REPLY");

    const progress = readRunProgress(runId);
    expect(progress.status).toBe("done");
    expect(progress.totals).toMatchObject({ total: 16, done: 16, missing: 0, failed: 0, open: 0, tokensIn: 16 * 300, tokensOut: 16 * 20 });
    expect(calls().every((c) => c.attempts === 1 && /^[0-9a-f]{64}$/.test(c.templateHash) && /^[0-9a-f]{64}$/.test(c.requestHash))).toBe(true);

    // A second run of the same judges has nothing left to ask.
    await expect(startRun({ ctx: lead, input: { kind: "judge", setId: 1, judges: ["j-a", "j-b"] } })).rejects.toThrow(/Nothing to do: all 16 calls/);
  });

  it("retries 429 (waiting out Retry-After), 500s, timeouts and wrong-shaped answers, and stores an unusable judge as missing with the reason", async () => {
    const seen = new Map<string, number>();
    const endpoint = await withStub(
      (request) => {
        const id = callIdentity(request);
        const n = (seen.get(id) ?? 0) + 1;
        seen.set(id, n);
        if (n === 1 && seen.size === 1) return { status: 429, headers: { "retry-after": "0.3" } };
        if (n === 1 && seen.size === 2) return { status: 503 };
        if (n === 1 && seen.size === 3) return { delayMs: 400, ...verdictReply(request) };
        if (n === 1 && seen.size === 4) return { rawBody: "{ this is not json" };
        if (n === 1 && seen.size === 5) return { rawBody: JSON.stringify({ id: "x", object: "chat.completion", choices: [] }) };
        if (seen.size === 6) return { content: n === 1 ? '{"verdict": "maybe", "rationale": "unsure"}' : "I would rather not say." };
        return verdictReply(request);
      },
      { maxConcurrency: 1, timeoutMs: 250 },
    );
    addJudges(db, endpoint, "j-a");
    const { runId } = await startRun({ ctx: lead, input: { kind: "judge", setId: 1, judges: ["j-a"] } });
    const started = Date.now();
    await runToEnd();
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);

    const rows = calls();
    expect(rows.map((r) => r.status)).toEqual(["done", "done", "done", "done", "done", "missing", "done", "done"]);
    expect(rows.slice(0, 5).map((r) => r.attempts)).toEqual([2, 2, 2, 2, 2]);
    expect(rows[0].error).toBeNull();
    expect(rows[5]).toMatchObject({ attempts: 3, status: "missing" });
    expect(rows[5].error).toMatch(/unusable answer: the answer was not a JSON object/);
    const missing = verdicts().filter((v) => v.verdict === null);
    expect(missing).toHaveLength(1);
    // The judge was shown what was wrong with its answer.
    const retried = stub!.requests.filter((r) => (r.body?.messages?.length ?? 0) > 2);
    expect(retried[0].body!.messages![3].content).toMatch(/verdict: must be "satisfied" or "not_satisfied"/);
    expect(readRunProgress(runId).totals).toMatchObject({ done: 7, missing: 1, failed: 0 });
  });

  it("starts an endpoint held by Retry-After again even when the wall clock runs behind the timers", async () => {
    // Timers run on the monotonic clock and may fire a little before Date.now() reaches
    // the hold's end (2% of short timers here); a wall clock running at 90% makes every
    // one of them early, which once left the endpoint paused for good.
    const realNow = Date.now.bind(Date);
    const origin = realNow();
    vi.spyOn(Date, "now").mockImplementation(() => origin + Math.floor((realNow() - origin) * 0.9));
    let refused = 0;
    const endpoint = await withStub((request) => (refused++ < 3 ? { status: 429, headers: { "retry-after": "0.1" } } : verdictReply(request)), { maxConcurrency: 1 });
    addJudges(db, endpoint, "j-a");
    await startRun({ ctx: lead, input: { kind: "judge", setId: 1, judges: ["j-a"] } });
    await runToEnd();
    expect(verdicts()).toHaveLength(8);
    expect(refused).toBe(3 + 8);
  });

  it("lowers the response format when the server refuses it, and remembers that for the endpoint", async () => {
    const endpoint = await withStub((request) => {
      const format = (request.body?.response_format as { type?: string } | undefined)?.type;
      if (format) return { status: 400, errorMessage: `response_format ${format} is not supported` };
      return { content: "```json\n" + verdictReply(request).content + "\n```" };
    }, { maxConcurrency: 1 });
    addJudges(db, endpoint, "j-a");
    await startRun({ ctx: lead, input: { kind: "judge", setId: 1, judges: ["j-a"] } });
    await runToEnd();
    expect(calls().every((c) => c.status === "done")).toBe(true);
    expect(db.$client.prepare("SELECT response_format AS f FROM endpoints WHERE id = ?").get(endpoint)).toEqual({ f: "text" });
    const formats = stub!.requests.map((r) => (r.body?.response_format as { type?: string } | undefined)?.type ?? "none");
    expect(formats.slice(0, 2)).toEqual(["json_schema", "json_object"]);
    expect(formats.filter((f) => f !== "none")).toHaveLength(2);
  });

  it("pauses the run with the reason when the endpoint refuses the key, and a resume asks the failed calls again", async () => {
    let refuse = true;
    const endpoint = await withStub((request) => (refuse ? { status: 401, errorMessage: "invalid api key" } : verdictReply(request)), { maxConcurrency: 1 });
    addJudges(db, endpoint, "j-a");
    const { runId } = await startRun({ ctx: lead, input: { kind: "judge", setId: 1, judges: ["j-a"] } });
    worker = new RunWorker(db, { pollMs: 20, flushMs: 5 });
    worker.start();
    await expect.poll(() => readRunProgress(runId).status, { timeout: 5000 }).toBe("paused");
    const paused = readRunProgress(runId);
    expect(paused.statusNote).toMatch(/refused a call \(HTTP 401: the key was refused/);
    expect(paused.totals.failed).toBeGreaterThanOrEqual(1);
    // Nothing more is sent while it is paused (a call already started when the status was read may still end).
    await new Promise((r) => setTimeout(r, 400));
    const sent = stub!.requests.length;
    await new Promise((r) => setTimeout(r, 400));
    expect(stub!.requests.length).toBe(sent);

    refuse = false;
    await changeRunStatus({ ctx: lead, input: { runId, action: "resume" } });
    await expect.poll(() => readRunProgress(runId).status, { timeout: 5000 }).toBe("done");
    expect(readRunProgress(runId).totals).toMatchObject({ done: 8, failed: 0 });
  });

  it("pause keeps the calls not yet made, cancel drops them, and every stored result stays", async () => {
    const endpoint = await withStub((request) => ({ ...verdictReply(request), delayMs: 40 }), { maxConcurrency: 1 });
    addJudges(db, endpoint, "j-a", "j-b");
    const { runId } = await startRun({ ctx: lead, input: { kind: "judge", setId: 1, judges: ["j-a", "j-b"] } });
    worker = new RunWorker(db, { pollMs: 20, flushMs: 5 });
    worker.start();
    await expect.poll(() => readRunProgress(runId).totals.done, { timeout: 5000 }).toBeGreaterThanOrEqual(2);
    await changeRunStatus({ ctx: lead, input: { runId, action: "pause" } });
    await new Promise((r) => setTimeout(r, 200));
    const paused = readRunProgress(runId);
    expect(paused.status).toBe("paused");
    const sent = stub!.requests.length;
    await new Promise((r) => setTimeout(r, 200));
    expect(stub!.requests.length).toBe(sent);
    expect(paused.totals.open).toBeGreaterThan(0);

    await changeRunStatus({ ctx: lead, input: { runId, action: "cancel" } });
    const cancelled = readRunProgress(runId);
    expect(cancelled.status).toBe("cancelled");
    expect(cancelled.totals.open).toBe(0);
    expect(cancelled.totals.done).toBe(verdicts().length);
    await expect(changeRunStatus({ ctx: lead, input: { runId, action: "resume" } })).rejects.toThrow(/cancelled/);
  });

  it("keeps to the endpoint's concurrency", async () => {
    let inFlight = 0;
    let most = 0;
    const endpoint = await withStub((request) => {
      inFlight++;
      most = Math.max(most, inFlight);
      setTimeout(() => inFlight--, 30);
      return { ...verdictReply(request), delayMs: 30 };
    }, { maxConcurrency: 2 });
    addJudges(db, endpoint, "j-a", "j-b");
    await startRun({ ctx: lead, input: { kind: "judge", setId: 1, judges: ["j-a", "j-b"] } });
    await runToEnd();
    expect(verdicts()).toHaveLength(16);
    expect(most).toBe(2);
  });

  it("is for leads only", async () => {
    const endpoint = await withStub((request) => verdictReply(request));
    addJudges(db, endpoint, "j-a");
    const input = { kind: "judge", setId: 1, judges: ["j-a"] };
    for (const ctx of [as("clin-1", "clinician"), as("author-1", "author"), { user: null }]) {
      await expect(startRun({ ctx, input })).rejects.toMatchObject({ status: ctx.user ? 403 : 401 });
      await expect(estimateRun({ ctx, input })).rejects.toMatchObject({ status: ctx.user ? 403 : 401 });
      await expect(changeRunStatus({ ctx, input: { runId: 1, action: "pause" } })).rejects.toMatchObject({ status: ctx.user ? 403 : 401 });
    }
    expect(db.$client.prepare("SELECT count(*) AS n FROM runs").get()).toEqual({ n: 0 });
  });
});

describe("response runs", () => {
  it("generates every assistant turn in order with the user turns fixed, R runs per item, and adds the responses to the corpus", async () => {
    const endpoint = await withStub((request) => respondReply(request));
    addModels(db, endpoint, "m-new");
    const { runId, calls: planned } = await startRun({ ctx: lead, input: { kind: "respond", models: ["m-new"], runs: 2 } });
    expect(planned).toBe(4);
    await runToEnd();
    const responses = db.$client.prepare("SELECT item_id AS item, run, assistant_turns AS turns FROM responses WHERE model = 'm-new' ORDER BY item_id, run").all();
    expect(responses).toEqual([
      { item: "I-1", run: 1, turns: JSON.stringify(["I'm really glad you told me. (turn 1)"]) },
      { item: "I-1", run: 2, turns: JSON.stringify(["I'm really glad you told me. (turn 1)"]) },
      { item: "I-2", run: 1, turns: JSON.stringify(["I'm really glad you told me. (turn 1)", "I'm really glad you told me. (turn 2)"]) },
      { item: "I-2", run: 2, turns: JSON.stringify(["I'm really glad you told me. (turn 1)", "I'm really glad you told me. (turn 2)"]) },
    ]);
    // Turn 2 of I-2 was asked with the fixed user turns and the model's own first turn.
    const second = stub!.requests.find((r) => r.body!.messages!.length === 4)!;
    expect(second.body!.messages!.map((m) => m.role)).toEqual(["system", "user", "assistant", "user"]);
    expect(second.body!.messages![2].content).toBe("I'm really glad you told me. (turn 1)");
    expect(second.body!.messages![3].content).toBe("Nobody would notice if I was gone.");
    expect(second.body).toMatchObject({ temperature: 0, max_tokens: 4096 });
    expect(stub!.requests).toHaveLength(6);
    expect(readRunProgress(runId).totals).toMatchObject({ done: 4, tokensIn: 6 * 50, tokensOut: 6 * 12 });
    await expect(startRun({ ctx: lead, input: { kind: "respond", models: ["m-new"], runs: 2 } })).rejects.toThrow(/Nothing to do/);
  });
});
