import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { auditLog } from "@/db/schema";
import type { Db } from "@/db/client";
import type { Ctx } from "@/lib/server/context";
import { Conflict, Forbidden, NotFound, Unauthorized } from "@/lib/server/errors";
import { as } from "@/test/authoring";
import { freshDb } from "@/test/db";
import { protocolBehaviour, startChatStub, type ChatStub } from "@/test/llm-stub";
import { createEndpoint } from "./createEndpoint";
import { listEndpoints } from "./listEndpoints";
import { testEndpoint } from "./testEndpoint";
import { updateEndpoint } from "./updateEndpoint";

const lead = as("lead-1", "lead");
const KEY_ENV = "CONCORD_TEST_ENDPOINT_KEY";
const UNSET_ENV = "CONCORD_TEST_ENDPOINT_KEY_UNSET";
const SECRET = "test-secret-value-123";

let db: Db;
let stubs: ChatStub[] = [];
beforeEach(() => {
  db = freshDb();
  process.env[KEY_ENV] = SECRET;
  delete process.env[UNSET_ENV];
});
afterEach(async () => {
  delete process.env[KEY_ENV];
  await Promise.all(stubs.map((s) => s.close()));
  stubs = [];
});

async function stub(...args: Parameters<typeof startChatStub>) {
  const started = await startChatStub(...args);
  stubs.push(started);
  return started;
}

const add = (fields: Record<string, unknown> = {}) => createEndpoint({ ctx: lead, input: { name: "local vLLM", baseUrl: "http://localhost:8000/v1/", ...fields } });

describe("endpoint services", () => {
  it.each<[string, (ctx: Ctx) => Promise<unknown>]>([
    ["createEndpoint", (ctx) => createEndpoint({ ctx, input: { name: "x", baseUrl: "http://localhost:8000/v1" } })],
    ["updateEndpoint", (ctx) => updateEndpoint({ ctx, input: { id: 1, name: "x", baseUrl: "http://localhost:8000/v1" } })],
    ["listEndpoints", (ctx) => listEndpoints({ ctx })],
    ["testEndpoint", (ctx) => testEndpoint({ ctx, input: { endpointId: 1 } })],
  ])("%s is for leads only", async (_name, call) => {
    await add();
    await expect(call({ user: null })).rejects.toBeInstanceOf(Unauthorized);
    await expect(call(as("author-1", "author"))).rejects.toBeInstanceOf(Forbidden);
    await expect(call(as("clin-1", "clinician"))).rejects.toBeInstanceOf(Forbidden);
  });

  it("creates an endpoint with defaults, names the key variable, never holds the key, and audits it", async () => {
    const created = await add({ apiKeyEnv: KEY_ENV });
    expect(created).toMatchObject({
      name: "local vLLM",
      baseUrl: "http://localhost:8000/v1",
      apiKeyEnv: KEY_ENV,
      keySet: true,
      maxConcurrency: 4,
      requestsPerMinute: null,
      timeoutMs: 60_000,
      priceInputPerM: null,
      priceOutputPerM: null,
      responseFormat: "json_schema",
    });
    expect(JSON.stringify(await listEndpoints({ ctx: lead }))).not.toContain(SECRET);
    const entries = db.select().from(auditLog).where(eq(auditLog.action, "endpoint.create")).all();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor: "lead-1", entityId: String(created.id) });
    expect(JSON.stringify(db.$client.prepare("SELECT * FROM endpoints").all())).not.toContain(SECRET);
  });

  it("refuses a key in place of a variable name, and names every bad field", async () => {
    const refused = add({ apiKeyEnv: "sk-proj-abc123", maxConcurrency: 0, timeoutMs: 10, baseUrl: "localhost:8000", priceInputPerM: -1, responseFormat: "xml" });
    await expect(refused).rejects.toMatchObject({
      issues: expect.arrayContaining([
        expect.objectContaining({ path: ["apiKeyEnv"], message: expect.stringMatching(/never the key itself/) }),
        expect.objectContaining({ path: ["maxConcurrency"] }),
        expect.objectContaining({ path: ["timeoutMs"] }),
        expect.objectContaining({ path: ["baseUrl"] }),
        expect.objectContaining({ path: ["priceInputPerM"] }),
        expect.objectContaining({ path: ["responseFormat"] }),
      ]),
    });
    expect(await listEndpoints({ ctx: lead })).toEqual([]);
  });

  it("updates every setting, keeps names unique, and audits old and new", async () => {
    const first = await add();
    await add({ name: "hosted" });
    await expect(updateEndpoint({ ctx: lead, input: { id: first.id, name: "hosted", baseUrl: "http://localhost:8000/v1" } })).rejects.toBeInstanceOf(Conflict);
    await expect(add({ name: "hosted" })).rejects.toBeInstanceOf(Conflict);
    const updated = await updateEndpoint({
      ctx: lead,
      input: { id: first.id, name: "llama.cpp", baseUrl: "http://localhost:8080/v1", apiKeyEnv: UNSET_ENV, maxConcurrency: 2, requestsPerMinute: 120, timeoutMs: 5000, priceInputPerM: 0.5, priceOutputPerM: 1.5, responseFormat: "text" },
    });
    expect(updated).toMatchObject({ name: "llama.cpp", apiKeyEnv: UNSET_ENV, keySet: false, maxConcurrency: 2, requestsPerMinute: 120, timeoutMs: 5000, priceInputPerM: 0.5, priceOutputPerM: 1.5, responseFormat: "text" });
    const entry = db.select().from(auditLog).where(eq(auditLog.action, "endpoint.update")).get();
    expect(entry?.detail).toMatchObject({ old: { name: "local vLLM", maxConcurrency: 4 }, new: { name: "llama.cpp", maxConcurrency: 2 } });
    await expect(updateEndpoint({ ctx: lead, input: { id: 99, name: "n", baseUrl: "http://localhost:1/v1" } })).rejects.toBeInstanceOf(NotFound);
  });
});

describe("testing an endpoint's connection against a real local server", () => {
  it("succeeds: lists the models, asks the model for one token with the key, reports latency and that the key is set", async () => {
    const server = await stub(protocolBehaviour);
    const endpoint = await add({ baseUrl: server.url, apiKeyEnv: KEY_ENV });
    const result = await testEndpoint({ ctx: lead, input: { endpointId: endpoint.id, model: "stub-model" } });
    expect(result).toMatchObject({ ok: true, apiKeyEnv: KEY_ENV, keySet: true, models: ["stub-model"] });
    expect(result.steps.map((s) => [s.step, s.ok])).toEqual([["models", true], ["chat", true]]);
    expect(result.message).toMatch(/^Connected in \d+ ms\./);
    for (const step of result.steps) expect(step.latencyMs).toBeGreaterThanOrEqual(0);
    expect(JSON.stringify(result)).not.toContain(SECRET);
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(["GET /v1/models", "POST /v1/chat/completions"]);
    expect(server.requests.every((r) => r.headers.authorization === `Bearer ${SECRET}`)).toBe(true);
    expect(server.requests[1].body).toMatchObject({ model: "stub-model", max_tokens: 1 });
  });

  it("without a model only reads the model list, and sends no key when none is named", async () => {
    const server = await stub(protocolBehaviour);
    const endpoint = await add({ baseUrl: server.url });
    const result = await testEndpoint({ ctx: lead, input: { endpointId: endpoint.id, model: "" } });
    expect(result).toMatchObject({ ok: true, apiKeyEnv: null, keySet: false });
    expect(result.steps.map((s) => s.step)).toEqual(["models"]);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0].headers.authorization).toBeUndefined();
  });

  it("401: says the key was refused and that its variable is not set", async () => {
    const server = await stub(() => ({ status: 401, errorMessage: "invalid api key" }));
    const endpoint = await add({ baseUrl: server.url, apiKeyEnv: UNSET_ENV });
    const result = await testEndpoint({ ctx: lead, input: { endpointId: endpoint.id, model: "stub-model" } });
    expect(result.ok).toBe(false);
    expect(result.keySet).toBe(false);
    expect(result.message).toBe(`The server refused the request (HTTP 401). ${UNSET_ENV} is not set in the environment Concord runs in: set it and restart Concord.`);
  });

  it("401 with the key set: says to check the key in its variable", async () => {
    const server = await stub(() => ({ status: 403 }));
    const endpoint = await add({ baseUrl: server.url, apiKeyEnv: KEY_ENV });
    const result = await testEndpoint({ ctx: lead, input: { endpointId: endpoint.id, model: "stub-model" } });
    expect(result.message).toBe(`The server refused the request (HTTP 403). Check the key in ${KEY_ENV} and what it is allowed to use.`);
  });

  it("unreachable: names the host and the base URL", async () => {
    const server = await startChatStub(protocolBehaviour);
    await server.close();
    const endpoint = await add({ baseUrl: server.url });
    const result = await testEndpoint({ ctx: lead, input: { endpointId: endpoint.id, model: "stub-model" } });
    const host = new URL(server.url).host;
    expect(result.ok).toBe(false);
    expect(result.models).toBeNull();
    expect(result.message).toBe(`${host} could not be reached: check that the server is running and that the base URL ${server.url} is right.`);
  });

  it("timeout: says the server did not answer within the endpoint's timeout", async () => {
    const server = await stub(() => ({ delayMs: 5000, content: "OK" }));
    const endpoint = await add({ baseUrl: server.url, timeoutMs: 1000 });
    const started = Date.now();
    const result = await testEndpoint({ ctx: lead, input: { endpointId: endpoint.id, model: "stub-model" } });
    expect(Date.now() - started).toBeLessThan(4000);
    expect(result.ok).toBe(false);
    expect(result.steps[0].ok).toBe(true);
    expect(result.message).toMatch(/^No answer from 127\.0\.0\.1:\d+ within 1 s \(the endpoint's timeout\)/);
  });

  it("404: a model the server does not know, and a base URL without /v1", async () => {
    const server = await stub(() => ({ status: 404, errorMessage: "model not found" }));
    const endpoint = await add({ baseUrl: server.url });
    const unknownModel = await testEndpoint({ ctx: lead, input: { endpointId: endpoint.id, model: "no-such-model" } });
    expect(unknownModel.message).toMatch(/^The server does not know the model "no-such-model"/);
    const noV1 = await add({ name: "without v1", baseUrl: server.url.replace(/\/v1$/, "") });
    const result = await testEndpoint({ ctx: lead, input: { endpointId: noV1.id } });
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(/\/models does not exist \(HTTP 404\): the base URL of an OpenAI-compatible server usually ends in \/v1\./);
  });
});
