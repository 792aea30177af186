import { afterEach, describe, expect, it } from "vitest";
import type { Db } from "@/db/client";
import { seedCorpusIfEmpty } from "@/lib/server/demo/seedCorpus";
import { as } from "@/test/authoring";
import { freshDb } from "@/test/db";
import { startChatStub, type ChatStub, type StubReply, type StubRequest } from "@/test/llm-stub";
import { addEndpoint, addJudges, addModels, respondReply, verdictReply } from "@/test/runs";
import { smallCorpus } from "@/test/smallCorpus";
import { exportBatch, importBatch } from "./batch";
import { readRunProgress } from "./getRunProgress";
import { startRun } from "./startRun";
import { RunWorker } from "./worker";

const lead = as("lead-1", "lead");
let stub: ChatStub | undefined;

afterEach(async () => {
  await stub?.close();
  stub = undefined;
});

async function corpus(): Promise<Db> {
  const db = freshDb();
  await seedCorpusIfEmpty(smallCorpus());
  db.$client.exec("UPDATE responses SET assistant_turns = CASE item_id WHEN 'I-1' THEN json_array('I hear you, ' || id) ELSE json_array('That sounds hard.', 'I am here, ' || id) END");
  return db;
}

const verdicts = (db: Db) => db.$client.prepare("SELECT judge, response_id, criterion_id, verdict, rationale, rubric_version_id FROM judge_verdicts WHERE judge LIKE 'j-%' ORDER BY 1, 2, 3").all();

/** What a batch API would write for the request lines, each answered by `answer`. */
function output(jsonl: string, answer: (request: StubRequest) => StubReply): string {
  return jsonl
    .trim()
    .split("\n")
    .map((line) => {
      const { custom_id, body } = JSON.parse(line) as { custom_id: string; body: StubRequest["body"] };
      const reply = answer({ method: "POST", path: "/v1/chat/completions", headers: {}, body });
      const completion = { id: "c", object: "chat.completion", created: 0, model: body!.model, choices: [{ index: 0, message: { role: "assistant", content: reply.content }, finish_reason: "stop" }], usage: reply.usage };
      return JSON.stringify({ id: `batch_req_${custom_id}`, custom_id, response: { status_code: 200, request_id: "x", body: completion }, error: null });
    })
    .join("\n");
}

describe("batch files", () => {
  it("a batch round stores the same verdicts as an online run", async () => {
    const online = await corpus();
    stub = await startChatStub((request) => verdictReply(request));
    addJudges(online, addEndpoint(online, stub.url), "j-a", "j-b");
    await startRun({ ctx: lead, input: { kind: "judge", setId: 1, judges: ["j-a", "j-b"] } });
    const worker = new RunWorker(online, { pollMs: 20, flushMs: 5 });
    worker.start();
    await worker.whenIdle();
    await worker.stop();
    const expected = verdicts(online);
    expect(expected).toHaveLength(16);

    const batch = await corpus();
    addJudges(batch, addEndpoint(batch, "http://127.0.0.1:9/v1"), "j-a", "j-b");
    const { runId } = await startRun({ ctx: lead, input: { kind: "judge", setId: 1, judges: ["j-a", "j-b"] } });
    const { jsonl, calls } = await exportBatch({ ctx: lead, input: { runId } });
    expect(calls).toBe(16);
    const first = JSON.parse(jsonl.split("\n")[0]);
    expect(first).toMatchObject({ custom_id: expect.stringMatching(/^run-\d+-call-\d+-a0$/), method: "POST", url: "/v1/chat/completions", body: { model: "model-of-j-a", temperature: 0, max_tokens: 8192, response_format: { type: "json_schema" } } });
    expect(readRunProgress(runId).status).toBe("paused");

    const result = await importBatch({ ctx: lead, input: { runId, text: output(jsonl, verdictReply) } });
    expect(result).toEqual({ settled: 16, retried: 0, missing: 0, pending: 0 });
    expect(verdicts(batch).map((v) => ({ ...(v as object), rubric_version_id: undefined }))).toEqual(expected.map((v) => ({ ...(v as object), rubric_version_id: undefined })));
    expect(readRunProgress(runId).status).toBe("done");
    // The same file again is refused: those calls are answered.
    await expect(importBatch({ ctx: lead, input: { runId, text: output(jsonl, verdictReply) } })).rejects.toThrow(/has 16 problems; nothing was stored/);
  });

  it("an unusable answer goes out again with what was wrong, and is stored as missing after the last allowed answer", async () => {
    const db = await corpus();
    addJudges(db, addEndpoint(db, "http://127.0.0.1:9/v1"), "j-a");
    const { runId } = await startRun({ ctx: lead, input: { kind: "judge", setId: 1, judges: ["j-a"] } });
    const garbled = () => ({ content: "I think it is fine." });
    let round = await exportBatch({ ctx: lead, input: { runId } });
    expect(await importBatch({ ctx: lead, input: { runId, text: output(round.jsonl, garbled) } })).toMatchObject({ settled: 0, retried: 8, pending: 8 });
    round = await exportBatch({ ctx: lead, input: { runId } });
    const again = JSON.parse(round.jsonl.split("\n")[0]) as { custom_id: string; body: { messages: { role: string; content: string }[] } };
    expect(again.custom_id).toMatch(/-a1$/);
    expect(again.body.messages.map((m) => m.role)).toEqual(["system", "user", "assistant", "user"]);
    expect(again.body.messages[3].content).toMatch(/That answer cannot be used: the answer was not a JSON object/);
    await importBatch({ ctx: lead, input: { runId, text: output(round.jsonl, garbled) } });
    round = await exportBatch({ ctx: lead, input: { runId } });
    expect(await importBatch({ ctx: lead, input: { runId, text: output(round.jsonl, garbled) } })).toMatchObject({ settled: 0, missing: 8, pending: 0 });
    expect((verdicts(db) as { verdict: number | null }[]).every((v) => v.verdict === null)).toBe(true);
    expect(readRunProgress(runId).totals).toMatchObject({ missing: 8, tokensIn: 0 });
    expect(readRunProgress(runId).totals.total).toBe(8);
  });

  it("refuses a bad output file whole, naming each line, and stores nothing", async () => {
    const db = await corpus();
    addJudges(db, addEndpoint(db, "http://127.0.0.1:9/v1"), "j-a");
    const { runId } = await startRun({ ctx: lead, input: { kind: "judge", setId: 1, judges: ["j-a"] } });
    const { jsonl } = await exportBatch({ ctx: lead, input: { runId } });
    const good = output(jsonl, verdictReply).split("\n");
    const text = [good[0], "{not json", JSON.stringify({ custom_id: "run-99-call-1-a0", response: null, error: null }), good[0]].join("\n");
    await expect(importBatch({ ctx: lead, input: { runId, text } })).rejects.toMatchObject({
      issues: [expect.stringMatching(/^line 2: not JSON/), expect.stringMatching(/^line 3: custom_id "run-99-call-1-a0" is not a pending call/), expect.stringMatching(/^line 4: custom_id .* appears twice/)],
    });
    expect(verdicts(db)).toEqual([]);
    for (const ctx of [as("clin-1", "clinician"), as("author-1", "author")]) {
      await expect(exportBatch({ ctx, input: { runId } })).rejects.toMatchObject({ status: 403 });
      await expect(importBatch({ ctx, input: { runId, text: good.join("\n") } })).rejects.toMatchObject({ status: 403 });
    }
  });

  it("generates multi-turn responses one turn per round", async () => {
    const db = await corpus();
    addModels(db, addEndpoint(db, "http://127.0.0.1:9/v1"), "m-new");
    const { runId } = await startRun({ ctx: lead, input: { kind: "respond", models: ["m-new"], items: ["I-2"], runs: 1 } });
    let round = await exportBatch({ ctx: lead, input: { runId } });
    expect(await importBatch({ ctx: lead, input: { runId, text: output(round.jsonl, respondReply) } })).toMatchObject({ settled: 0, pending: 1 });
    round = await exportBatch({ ctx: lead, input: { runId } });
    expect(JSON.parse(round.jsonl).custom_id).toMatch(/-t1$/);
    expect(await importBatch({ ctx: lead, input: { runId, text: output(round.jsonl, respondReply) } })).toMatchObject({ settled: 1, pending: 0 });
    expect(db.$client.prepare("SELECT assistant_turns AS t FROM responses WHERE model = 'm-new'").get()).toEqual({ t: JSON.stringify(["I'm really glad you told me. (turn 1)", "I'm really glad you told me. (turn 2)"]) });
  });
});
