import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/db/client";
import { demoUnits } from "@/lib/demo";
import { SIMULATOR_ENDPOINT_NAME } from "@/lib/demo/simulatorSetup";
import { judgeProfiles } from "@/lib/demo/verdicts";
import { DEFAULT_TEMPLATE_NAME } from "@/lib/runs/template";
import { Forbidden } from "@/lib/server/errors";
import { createJudge } from "@/lib/server/models/createJudge";
import { listJudges } from "@/lib/server/models/listJudges";
import { listSimulatedJudges } from "@/lib/server/models/listSimulatedJudges";
import { listTargetModels } from "@/lib/server/models/listTargetModels";
import { readRunProgress } from "@/lib/server/runs/getRunProgress";
import { startRun } from "@/lib/server/runs/startRun";
import { RunWorker } from "@/lib/server/runs/worker";
import { testEndpoint } from "@/lib/server/endpoints/testEndpoint";
import type { ChatServer } from "@/lib/simulator/protocol";
import { startDemoSimulator } from "@/lib/simulator/startDemoSimulator";
import { as } from "@/test/authoring";
import { freshDb } from "@/test/db";
import { addEndpoint, addJudges } from "@/test/runs";
import { seedDemo } from "./seedDemo";

const lead = as("lead-1", "lead");
let db: Db;
let simulator: ChatServer;

beforeAll(async () => {
  simulator = await startDemoSimulator();
  db = freshDb();
  await seedDemo({ created: true, demo: true, simulatorUrl: simulator.url });
});
afterAll(() => simulator.close());

describe("the demo database and its simulator", () => {
  it("lists the simulator as a simulated endpoint with the fifteen demo judges and six demo models", async () => {
    const endpoints = db.$client.prepare("SELECT id, name, base_url AS url, api_key_env AS keyEnv, max_concurrency AS concurrency, simulated FROM endpoints").all();
    expect(endpoints).toEqual([{ id: 1, name: SIMULATOR_ENDPOINT_NAME, url: simulator.url, keyEnv: null, concurrency: 16, simulated: 1 }]);
    const judges = db.$client.prepare("SELECT j.id, j.model, j.endpoint_id AS endpoint, t.name AS template, t.version FROM judges j JOIN prompt_templates t ON t.id = j.prompt_template_id ORDER BY j.id").all();
    expect(judges).toEqual(judgeProfiles().map(({ id }) => ({ id, model: id, endpoint: 1, template: DEFAULT_TEMPLATE_NAME, version: 1 })));
    const models = db.$client.prepare("SELECT id, model, endpoint_id AS endpoint FROM target_models ORDER BY id").all() as { id: string; model: string; endpoint: number }[];
    expect(models).toHaveLength(6);
    expect(models.every((m) => m.model === m.id && m.endpoint === 1)).toBe(true);
    // The demo's judges and models are the ones its verdicts and responses carry.
    const inCorpus = db.$client.prepare("SELECT DISTINCT model AS id FROM responses ORDER BY model").all();
    expect(inCorpus).toEqual(models.map(({ id }) => ({ id })));

    const test = await testEndpoint({ ctx: lead, input: { endpointId: 1, model: "judge-01" } });
    expect(test).toMatchObject({ ok: true, keySet: false });
    expect(test.message).toMatch(/The server lists 21 models\. "judge-01" answered a one-token chat completion\./);
  });

  /*
   * Two demo judges run again through the run worker, under new ids (the seeded ones
   * already have their verdicts), over the demo set's 1,324 units each. Their agreement
   * with the clinicians' majority must match the seeded verdicts' of the same judge:
   * each agreement is a share of n ≈ 1,300 units with p ≈ 0.85, so its standard error
   * is √(p(1−p)/n) ≈ 0.010 and the difference of two independent draws ≈ 0.014; 0.05
   * is over three of those. Against the latent truth the expected agreement is known
   * exactly (the mean of each unit's chance), and the tolerance is 3.5 of its standard
   * error. A simulator that ignored a judge's rates, its dimensions or the units'
   * truth would be off by more (judge-03's disclaimers error is 0.30 against 0.03 on
   * identification; judge-05's the other way round).
   */
  it("gives verdicts that agree with the consensus and the latent truth at the demo's rates", { timeout: 120_000 }, async () => {
    const picked = { "judge-03": "sim-judge-03", "judge-05": "sim-judge-05" } as const;
    for (const [model, id] of Object.entries(picked)) await createJudge({ ctx: lead, input: { id, endpointId: 1, model } });
    const { runId, calls } = await startRun({ ctx: lead, input: { kind: "judge", setId: 1, judges: Object.values(picked) } });
    expect(calls).toBeGreaterThan(1500);
    const worker = new RunWorker(db, { pollMs: 20, flushMs: 20 });
    expect(worker.start()).toBe(true);
    await worker.whenIdle();
    await worker.stop();
    expect(readRunProgress(runId).totals).toMatchObject({ total: calls, done: calls, missing: 0, failed: 0 });

    const consensus = new Map(
      (db.$client.prepare("SELECT response_id || '|' || criterion_id AS k, sum(verdict) AS yes, count(*) AS n FROM labels GROUP BY k").all() as { k: string; yes: number; n: number }[])
        .filter((r) => r.yes * 2 !== r.n)
        .map((r) => [r.k, r.yes * 2 > r.n]),
    );
    const verdictsOf = (judge: string) =>
      new Map((db.$client.prepare("SELECT response_id || '|' || criterion_id AS k, verdict FROM judge_verdicts WHERE judge = ? AND verdict IS NOT NULL").all(judge) as { k: string; verdict: number }[]).map((r) => [r.k, r.verdict === 1]));
    const agreement = (verdicts: Map<string, boolean>, truth: Map<string, boolean>) => {
      const shared = [...truth.keys()].filter((k) => verdicts.has(k));
      return shared.filter((k) => verdicts.get(k) === truth.get(k)).length / shared.length;
    };
    const units = demoUnits();
    const profiles = new Map(judgeProfiles().map((j) => [j.id, j]));
    const setUnits = new Set(consensus.keys());
    // Units of the set with a plain yes or no (unclear ones go by leniency, empty ones are a flat 1 %).
    const plain = (simulated: Map<string, boolean>, dimension?: string) =>
      units.filter((u) => setUnits.has(`${u.response}|${u.criterion}`) && simulated.has(`${u.response}|${u.criterion}`) && u.truth !== "unclear" && !u.empty && (!dimension || u.dimension === dimension));
    const truthAgreement = (simulated: Map<string, boolean>, dimension?: string) => {
      const shared = plain(simulated, dimension);
      return shared.filter((u) => simulated.get(`${u.response}|${u.criterion}`) === (u.truth === "yes")).length / shared.length;
    };

    for (const [model, id] of Object.entries(picked)) {
      const simulated = verdictsOf(id);
      expect(simulated.size).toBe(calls / 2);
      const seeded = verdictsOf(model);
      expect(Math.abs(agreement(simulated, consensus) - agreement(seeded, consensus))).toBeLessThan(0.05);

      const judge = profiles.get(model)!;
      const chances = plain(simulated).map((u) => 1 - judge.error[u.dimension]);
      const expected = chances.reduce((s, p) => s + p, 0) / chances.length;
      const se = Math.sqrt(chances.reduce((s, p) => s + p * (1 - p), 0)) / chances.length;
      expect(Math.abs(truthAgreement(simulated) - expected)).toBeLessThan(3.5 * se);
    }

    // The lopsided judges keep their strong and weak dimensions.
    const sim03 = verdictsOf("sim-judge-03");
    const sim05 = verdictsOf("sim-judge-05");
    expect(truthAgreement(sim03, "identification")).toBeGreaterThan(truthAgreement(sim03, "disclaimers") + 0.15);
    expect(truthAgreement(sim05, "disclaimers")).toBeGreaterThan(truthAgreement(sim05, "identification") + 0.15);
  });

  it("marks the judges and models on the simulator as simulated, for leads only", async () => {
    const real = addEndpoint(db, "http://127.0.0.1:9/v1", { name: "a real server" });
    addJudges(db, real, "real-judge");
    const simulated = await listSimulatedJudges({ ctx: lead });
    expect(simulated).toEqual(expect.arrayContaining(judgeProfiles().map((j) => j.id)));
    expect(simulated).not.toContain("real-judge");
    const judges = await listJudges({ ctx: lead });
    expect(judges.filter((j) => j.simulated).map((j) => j.id)).toEqual(simulated);
    expect(judges.find((j) => j.id === "real-judge")?.simulated).toBe(false);
    expect((await listTargetModels({ ctx: lead })).map((m) => m.simulated)).toEqual([true, true, true, true, true, true]);
    await expect(listSimulatedJudges({ ctx: as("amara", "clinician") })).rejects.toThrow(Forbidden);
    await expect(listSimulatedJudges({ ctx: as("tomas", "author") })).rejects.toThrow(Forbidden);
  });
});
