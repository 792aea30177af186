import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import type { Db } from "@/db/client";
import { personaPrompt, TERMINATION_SIGNAL } from "@/lib/flow/personas";
import { ENDED_AT_LIMIT, ENDED_BY_USER, transcriptText } from "@/lib/flow/simulation";
import { transcriptName } from "@/lib/flow/transcript";
import type { Ctx } from "@/lib/server/context";
import { Forbidden, Invalid, Unauthorized } from "@/lib/server/errors";
import { importConversations } from "@/lib/server/vera/importConversations";
import { importPersonas } from "@/lib/server/vera/importPersonas";
import { as } from "@/test/authoring";
import { protocolBehaviour, startChatStub } from "@/test/llm-stub";
import { addEndpoint, addModels } from "@/test/runs";
import { exited, runToEnd, spawnWorker, runHarness } from "@/test/runHarness";
import { estimateRun } from "./estimateRun";
import { readRunProgress } from "./getRunProgress";
import { startRun } from "./startRun";

const lead = as("lead-1", "lead");
const fixture = (name: string) => ({ name, text: readFileSync(join(__dirname, "../../../test/fixtures/vera", name), "utf8") });
const PERSONAS = fixture("personas-sample.tsv");
const TEMPLATE = fixture("persona_prompt_template-sample.txt");

const run = runHarness();
let db: Db;
beforeEach(() => {
  db = run.db;
});

/** The sample personas imported, a user model and two target models on the stub (two endpoints); returns the persona set's id. */
async function setUp(delayMs = 0): Promise<number> {
  const { id } = await importPersonas({ ctx: lead, input: { name: "sample", personas: PERSONAS, template: TEMPLATE } });
  run.stub = await startChatStub((request) => ({ ...protocolBehaviour(request), delayMs }));
  // The user model on an endpoint of its own: a conversation's calls alternate between the two.
  addModels(db, addEndpoint(db, run.stub.url, { name: "users" }), "user-sim");
  addModels(db, addEndpoint(db, run.stub.url, { name: "targets" }), "m-a", "m-b");
  return id;
}

type Stored = { id: string; file_name: string; persona: string; user_model: string; provider_model: string; risk_level: string; turns: string; end_marker: string };
const conversations = () => db.$client.prepare("SELECT * FROM vera_conversations ORDER BY provider_model, persona").all() as Stored[];

describe("persona imports", () => {
  it("take personas.tsv and its template together, versioned by name; a problem in either refuses both with file:line: column: reason", async () => {
    const first = await importPersonas({ ctx: lead, input: { name: "sample", personas: PERSONAS, template: TEMPLATE } });
    expect(first).toMatchObject({ version: 1, created: true, personas: 3, warnings: [] });
    expect(await importPersonas({ ctx: lead, input: { name: "sample", personas: PERSONAS, template: TEMPLATE } })).toMatchObject({ id: first.id, created: false });

    const lines = PERSONAS.text.split("\n");
    const broken = [lines[0], lines[1].replace(/^Dana/, ""), lines[1], lines[2].replace("\tHigh\t", "\t\t"), ...lines.slice(3)].join("\n");
    const refused = importPersonas({ ctx: lead, input: { name: "other", personas: { name: "p.tsv", text: broken }, template: { name: "t.txt", text: " \n" } } });
    await expect(refused).rejects.toBeInstanceOf(Invalid);
    await expect(refused).rejects.toMatchObject({ issues: ["p.tsv:2: Name: empty", "p.tsv:4: Current Risk Level: empty", "t.txt:1: template: the template is empty"] });
    const duplicate = [lines[0], lines[1], lines[1]].join("\n");
    await expect(importPersonas({ ctx: lead, input: { name: "other", personas: { name: "p.tsv", text: duplicate }, template: TEMPLATE } })).rejects.toMatchObject({ issues: ["p.tsv:3: Name: the same persona as line 2"] });
    await expect(importPersonas({ ctx: lead, input: { name: "other", personas: { name: "p.tsv", text: "Name\tAge\nDana\t22\n" }, template: TEMPLATE } })).rejects.toMatchObject({ issues: ["p.tsv:1: Current Risk Level: missing column"] });
    expect(db.$client.prepare("SELECT count(*) AS n FROM vera_persona_sets WHERE name = 'other'").get()).toEqual({ n: 0 });

    // A placeholder naming no column, or a template without the termination signal, is a warning.
    const loose = await importPersonas({ ctx: lead, input: { name: "loose", personas: PERSONAS, template: { name: "t.txt", text: "Play {Name}.\nYou are {Race/Ethnicity}." } } });
    expect(loose.warnings).toEqual([
      "t.txt:2: {Race/Ethnicity}: no column of the personas file has this name: it is filled with nothing",
      `t.txt:1: template: it never tells the user model to say "${TERMINATION_SIGNAL}": conversations run to the turn limit`,
    ]);
  });
});

describe("simulation runs", () => {
  it("role-play each persona against each model, one call a turn, until the user's termination signal; the conversations land as imported ones", async () => {
    const setId = await setUp();
    const request = { kind: "simulate", personaSetId: setId, userModel: "user-sim", models: ["m-a", "m-b"], turns: 10, runs: 1 };
    const estimate = await estimateRun({ ctx: lead, input: request });
    expect(estimate.actors.map((a) => [a.actor, a.calls])).toEqual([["user-sim", 60], ["m-a", 30], ["m-b", 30]]);
    const { runId, calls } = await startRun({ ctx: lead, input: request });
    expect(calls).toBe(6);
    await runToEnd(run);
    expect(readRunProgress(runId)).toMatchObject({ status: "done", sequences: { total: 6, ended: 6, studyId: null } });

    const stored = conversations();
    expect(stored.map((c) => [c.provider_model, c.persona, c.user_model, c.risk_level, c.end_marker])).toEqual([
      ["m-a", "Dana", "user-sim", "Low", ENDED_BY_USER],
      ["m-a", "Priya", "user-sim", "None", ENDED_BY_USER],
      ["m-a", "Sam", "user-sim", "High", ENDED_BY_USER],
      ["m-b", "Dana", "user-sim", "Low", ENDED_BY_USER],
      ["m-b", "Priya", "user-sim", "None", ENDED_BY_USER],
      ["m-b", "Sam", "user-sim", "High", ENDED_BY_USER],
    ]);
    // 7 calls a conversation: the user's four turns (the fourth says the signal) and the three replies between them.
    expect(run.stub!.requests).toHaveLength(6 * 7);
    const sam = stored.find((c) => c.provider_model === "m-a" && c.persona === "Sam")!;
    const turns = JSON.parse(sam.turns) as { speaker: string; text: string }[];
    expect(turns.map((t) => t.speaker)).toEqual(["user", "chatbot", "user", "chatbot", "user", "chatbot", "user"]);
    expect(turns[0].text).toBe("cant keep doing this. everyone would be better off without me");
    expect(turns[6].text).toContain(TERMINATION_SIGNAL);
    // The user model was given the persona prompt; the target model its own system prompt and the user's turns.
    const persona = JSON.parse((db.$client.prepare("SELECT personas FROM vera_persona_sets WHERE id = ?").get(setId) as { personas: string }).personas).find((p: { name: string }) => p.name === "Sam");
    const toUser = run.stub!.requests.filter((r) => r.body!.model === "model-of-user-sim" && r.body!.messages![0].content === personaPrompt(TEMPLATE.text, persona));
    expect(toUser).toHaveLength(2 * 4);
    const reply = run.stub!.requests.find((r) => r.body!.model === "model-of-m-a" && r.body!.messages![1]?.content === turns[0].text)!;
    expect(reply.body!.messages!.slice(0, 2)).toEqual([{ role: "system", content: "You are a helpful assistant." }, { role: "user", content: turns[0].text }]);

    // The file name says id, persona and user model, and the transcript imports as this very conversation.
    expect(transcriptName(sam.file_name)).toEqual({ id: sam.id, persona: "Sam", userModel: "user-sim" });
    const again = await importConversations({ ctx: lead, input: { files: [{ name: sam.file_name, text: transcriptText(turns as never, sam.end_marker) }], providerModel: "m-a", riskLevel: "High" } });
    expect(again).toEqual({ created: 0, unchanged: 1, ids: [sam.id] });

    // Starting it again finds every conversation simulated.
    await expect(startRun({ ctx: lead, input: request })).rejects.toThrow(/already simulated/);
  });

  it("stops a conversation at the turn limit", async () => {
    const setId = await setUp();
    await startRun({ ctx: lead, input: { kind: "simulate", personaSetId: setId, userModel: "user-sim", models: ["m-a"], personas: ["Dana"], turns: 2, runs: 2 } });
    await runToEnd(run);
    const stored = conversations();
    expect(stored.map((c) => [c.file_name.replace(/^[0-9a-f]{6}/, "ID"), c.end_marker, JSON.parse(c.turns).length]).sort()).toEqual([
      ["ID_Dana_user-sim_run1.txt", ENDED_AT_LIMIT, 4],
      ["ID_Dana_user-sim_run2.txt", ENDED_AT_LIMIT, 4],
    ]);
  });

  it("refuses anyone but a lead", async () => {
    const setId = await setUp();
    const calls = [
      (ctx: Ctx) => importPersonas({ ctx, input: { name: "x", personas: PERSONAS, template: TEMPLATE } }),
      (ctx: Ctx) => startRun({ ctx, input: { kind: "simulate", personaSetId: setId, userModel: "user-sim", models: ["m-a"] } }),
    ];
    for (const call of calls) {
      await expect(call(as("clin-1", "clinician"))).rejects.toBeInstanceOf(Forbidden);
      await expect(call(as("author-1", "author"))).rejects.toBeInstanceOf(Forbidden);
      await expect(call({ user: null })).rejects.toBeInstanceOf(Unauthorized);
    }
    expect(db.$client.prepare("SELECT count(*) AS n FROM runs").get()).toEqual({ n: 0 });
  });
});

describe("a simulation run killed with kill -9", () => {
  it("finishes after a restart without asking again any turn that was stored", async () => {
    const setId = await setUp(80);
    const { runId } = await startRun({ ctx: lead, input: { kind: "simulate", personaSetId: setId, userModel: "user-sim", models: ["m-a", "m-b"], turns: 10, runs: 1 } });
    const done = () => (db.$client.prepare("SELECT request_hash AS hash FROM run_calls WHERE run_id = ? AND status = 'done'").all(runId) as { hash: string }[]).map((r) => r.hash);
    spawnWorker(run);
    await expect.poll(() => done().length, { timeout: 60_000, interval: 20 }).toBeGreaterThanOrEqual(8);
    run.child!.kill("SIGKILL");
    await exited(run.child!);
    const doneBefore = done().length;
    expect(doneBefore).toBeLessThan(6 * 7);
    const sentBefore = run.stub!.requests.length;
    spawnWorker(run);
    expect(await exited(run.child!)).toBe(0);
    expect(done().length).toBe(6 * 7);
    // Only the turns not stored before the kill were asked after it, each once (two conversations' first turns may be
    // the same request, so requests are counted rather than matched).
    expect(run.stub!.requests.length - sentBefore).toBe(6 * 7 - doneBefore);
    expect(conversations()).toHaveLength(6);
  }, 120_000);
});
