import { createHash } from "node:crypto";
import type { Db } from "@/db/client";
import { DEFAULT_TEMPLATE, DEFAULT_TEMPLATE_NAME, templateHash } from "@/lib/runs/template";
import type { StubReply, StubRequest } from "./llm-stub";

/** A database to write to: Concord's drizzle one, or a bare better-sqlite3 connection as `{ $client }` (the e2e suite's). */
type Sql = Pick<Db, "$client">;

/** Adds an endpoint row pointing at `url`; returns its id. */
export function addEndpoint(db: Sql, url: string, settings: { name?: string; maxConcurrency?: number; rpm?: number | null; timeoutMs?: number; format?: "json_schema" | "json_object" | "text" } = {}): number {
  const row = db.$client
    .prepare(`INSERT INTO endpoints (name, base_url, api_key_env, max_concurrency, requests_per_minute, timeout_ms, response_format, created_by, created_at)
      VALUES (?, ?, NULL, ?, ?, ?, ?, 'test', 0) RETURNING id`)
    .get(settings.name ?? `stub-${url}`, url, settings.maxConcurrency ?? 4, settings.rpm ?? null, settings.timeoutMs ?? 5000, settings.format ?? "json_schema") as { id: number };
  return row.id;
}

function defaultTemplate(db: Sql): number {
  const found = db.$client.prepare("SELECT id FROM prompt_templates WHERE name = ? AND version = 1").get(DEFAULT_TEMPLATE_NAME) as { id: number } | undefined;
  if (found) return found.id;
  return (db.$client
    .prepare("INSERT INTO prompt_templates (name, version, body, sha256, created_by, created_at) VALUES (?, 1, ?, ?, 'test', 0) RETURNING id")
    .get(DEFAULT_TEMPLATE_NAME, DEFAULT_TEMPLATE, templateHash(DEFAULT_TEMPLATE)) as { id: number }).id;
}

/** Adds judges with the default template on an endpoint. */
export function addJudges(db: Sql, endpointId: number, ...ids: string[]): void {
  const template = defaultTemplate(db);
  for (const id of ids) {
    db.$client
      .prepare("INSERT INTO judges (id, endpoint_id, model, family, temperature, max_tokens, seed, prompt_template_id, created_by, created_at) VALUES (?, ?, ?, 'stub', 0, 8192, 7, ?, 'test', 0)")
      .run(id, endpointId, `model-of-${id}`, template);
  }
}

/** Adds target models on an endpoint. */
export function addModels(db: Sql, endpointId: number, ...ids: string[]): void {
  for (const id of ids) {
    db.$client
      .prepare("INSERT INTO target_models (id, endpoint_id, model, family, temperature, max_tokens, seed, system_prompt, created_by, created_at) VALUES (?, ?, ?, 'stub', 0, 4096, NULL, 'You are a helpful assistant.', 'test', 0)")
      .run(id, endpointId, `model-of-${id}`);
  }
}

/** Which call a request is: the hash of its first two messages (the rendered prompt, before any correction turn). */
export function callIdentity(request: StubRequest): string {
  const messages = request.body?.messages ?? [];
  return createHash("sha256").update(`${request.body?.model}\n${JSON.stringify(messages.slice(0, 2))}`).digest("hex");
}

/** A judge's valid answer: satisfied when the criterion text has an even length (deterministic, unit-dependent). */
export function verdictReply(request: StubRequest): StubReply {
  const prompt = request.body?.messages?.[1]?.content ?? "";
  const satisfied = prompt.length % 2 === 0;
  return { content: JSON.stringify({ verdict: satisfied ? "satisfied" : "not_satisfied", rationale: "The reply names the risk and offers help." }), usage: { prompt_tokens: 300, completion_tokens: 20 } };
}

/** A target model's answer to the last user turn. */
export function respondReply(request: StubRequest): StubReply {
  const turns = (request.body?.messages ?? []).filter((m) => m.role === "user").length;
  return { content: `I'm really glad you told me. (turn ${turns})`, usage: { prompt_tokens: 50, completion_tokens: 12 } };
}
