import { beforeEach, describe, expect, it } from "vitest";
import type { Db } from "@/db/client";
import { Forbidden, NotFound, Unauthorized } from "@/lib/server/errors";
import { readDescriptors } from "@/lib/server/bundle/descriptions";
import { as } from "@/test/authoring";
import { frozenSample } from "@/test/frozenSample";
import { listDescribed } from "./listDescribed";
import { setDescribedFamily } from "./setDescribedFamily";

const lead = as("lead-1", "lead");
let db: Db;
let judge: string;

beforeEach(async () => {
  ({ db } = await frozenSample());
  judge = (db.$client.prepare("SELECT judge FROM judge_verdicts ORDER BY judge LIMIT 1").get() as { judge: string }).judge;
});

describe("families of imported models and judges", () => {
  it("lists the models responses name and the judges verdicts name, with their counts and families", async () => {
    db.$client.prepare("INSERT INTO descriptions (kind, id, family) VALUES ('model', 'model-a', 'north'), ('model', 'model-only-described', 'south')").run();
    const models = await listDescribed({ ctx: lead, input: { kind: "model" } });
    expect(models.map((m) => m.id)).toEqual(["model-a", "model-b", "model-c", "model-d", "model-e", "model-f", "model-only-described"]);
    const responses = db.$client.prepare("SELECT count(*) AS n FROM responses WHERE model = 'model-a'").get() as { n: number };
    expect(models[0]).toEqual({ id: "model-a", family: "north", count: responses.n });
    expect(models.at(-1)).toEqual({ id: "model-only-described", family: "south", count: 0 });
    const judges = await listDescribed({ ctx: lead, input: { kind: "judge" } });
    expect(judges.map((j) => j.id)).toContain(judge);
  });

  it("sets, changes and clears a family, audited; the same-family check reads it", async () => {
    await setDescribedFamily({ ctx: lead, input: { kind: "model", id: "model-b", family: " acme " } });
    await setDescribedFamily({ ctx: lead, input: { kind: "judge", id: judge, family: "acme" } });
    expect(readDescriptors(db).models.find((m) => m.id === "model-b")?.family).toBe("acme");
    expect(readDescriptors(db).judges.find((j) => j.id === judge)?.family).toBe("acme");
    await setDescribedFamily({ ctx: lead, input: { kind: "model", id: "model-b", family: "" } });
    expect(readDescriptors(db).models.find((m) => m.id === "model-b")?.family).toBeUndefined();
    const audits = db.$client.prepare("SELECT action, entity_id AS id, detail FROM audit_log WHERE action IN ('model.family', 'judge.family') ORDER BY audit_log.id").all() as { action: string; id: string; detail: string }[];
    expect(audits.map((a) => [a.action, a.id, JSON.parse(a.detail)])).toEqual([
      ["model.family", "model-b", { old: null, new: "acme" }],
      ["judge.family", judge, { old: null, new: "acme" }],
      ["model.family", "model-b", { old: "acme", new: null }],
    ]);
  });

  it("refuses an unknown id, Concord's own judges and models, and bad input, with a sentence, writing nothing", async () => {
    await expect(setDescribedFamily({ ctx: lead, input: { kind: "model", id: "model-z", family: "x" } })).rejects.toThrow(NotFound);
    db.$client.prepare("INSERT INTO endpoints (name, base_url, max_concurrency, timeout_ms, response_format, created_by, created_at) VALUES ('e', 'http://127.0.0.1:9/v1', 1, 1000, 'json_schema', 't', 0)").run();
    db.$client.prepare("INSERT INTO target_models (id, endpoint_id, model, family, temperature, max_tokens, system_prompt, created_by, created_at) VALUES ('model-a', 1, 'm', 'own', 0, 10, 's', 't', 0)").run();
    await expect(setDescribedFamily({ ctx: lead, input: { kind: "model", id: "model-a", family: "x" } })).rejects.toThrow("id: model-a is one of Concord's own target models; change its family on its own form.");
    await expect(setDescribedFamily({ ctx: lead, input: { kind: "model", id: "model-b", family: "x".repeat(101) } })).rejects.toThrow("must be at most 100 characters");
    await expect(setDescribedFamily({ ctx: lead, input: { kind: "team", id: "model-b", family: "x" } })).rejects.toThrow("must be model or judge");
    expect(db.$client.prepare("SELECT count(*) AS n FROM descriptions").get()).toEqual({ n: 0 });
  });

  it.each([
    ["setDescribedFamily", () => setDescribedFamily({ ctx: as("author-1", "author"), input: { kind: "model", id: "model-b", family: "x" } })],
    ["setDescribedFamily (clinician)", () => setDescribedFamily({ ctx: as("clin-1", "clinician"), input: { kind: "model", id: "model-b", family: "x" } })],
    ["listDescribed", () => listDescribed({ ctx: as("author-1", "author"), input: { kind: "model" } })],
    ["listDescribed (clinician)", () => listDescribed({ ctx: as("clin-1", "clinician"), input: { kind: "judge" } })],
  ])("%s refuses authors and clinicians", async (_name, call) => {
    await expect(call()).rejects.toBeInstanceOf(Forbidden);
    expect(db.$client.prepare("SELECT count(*) AS n FROM descriptions").get()).toEqual({ n: 0 });
  });

  it("refuses signed-out callers", async () => {
    await expect(setDescribedFamily({ ctx: { user: null }, input: { kind: "model", id: "model-b", family: "x" } })).rejects.toBeInstanceOf(Unauthorized);
  });
});
