import { createHash } from "node:crypto";
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError } from "openai";
import type { ChatMessage } from "./template";

/** How the answer should be formatted, from strictest to loosest. */
export type ResponseFormatMode = "json_schema" | "json_object" | "text";

export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  temperature: number;
  max_tokens: number;
  seed?: number;
  response_format?: { type: "json_object" } | { type: "json_schema"; json_schema: { name: string; strict?: boolean; schema: Record<string, unknown> } };
}

export interface ChatAnswer {
  content: string;
  /** The server stopped at the token limit. */
  truncated: boolean;
  tokensIn: number;
  tokensOut: number;
  latencyMs: number;
}

/**
 * Why one HTTP attempt failed. `retryable` failures (429, 5xx, timeouts, lost
 * connections) are asked again after a backoff, at least `retryAfterMs` when the
 * server said so; `format_refused` means the server did not take the response
 * format; `refused` (401, 403, 404, other 4xx) will not get better by asking again.
 */
export class CallError extends Error {
  constructor(
    readonly kind: "rate_limited" | "server" | "timeout" | "unreachable" | "format_refused" | "refused",
    message: string,
    readonly status?: number,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = "CallError";
  }

  get retryable(): boolean {
    return this.kind === "rate_limited" || this.kind === "server" || this.kind === "timeout" || this.kind === "unreachable";
  }
}

function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(Object.keys(value).sort().map((k) => [k, sorted((value as Record<string, unknown>)[k])]));
}

/** SHA-256 of the request body with its keys sorted: what was asked, exactly. */
export function requestHash(request: ChatRequest): string {
  return createHash("sha256").update(JSON.stringify(sorted(request)), "utf8").digest("hex");
}

/** Milliseconds the server asked us to wait: `retry-after-ms`, `retry-after` in seconds or as an HTTP date. */
export function retryAfterMs(headers: Headers | undefined, now = Date.now()): number | undefined {
  const ms = Number(headers?.get("retry-after-ms"));
  if (Number.isFinite(ms) && ms > 0) return ms;
  const value = headers?.get("retry-after");
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

const ADVICE: Record<number, string> = {
  401: "the key was refused: check the endpoint's key variable",
  403: "the key may not use this model: check its permissions",
  404: "the model or URL is unknown: check the model name and that the base URL ends in /v1",
};

/** One attempt of a chat completion. Throws a `CallError` for every failure. */
export async function chatOnce(client: OpenAI, request: ChatRequest): Promise<ChatAnswer> {
  const started = performance.now();
  let completion: OpenAI.Chat.Completions.ChatCompletion;
  try {
    completion = await client.chat.completions.create({ ...request, stream: false });
  } catch (error) {
    if (error instanceof APIConnectionTimeoutError) throw new CallError("timeout", "no answer within the endpoint's timeout");
    if (error instanceof APIConnectionError) throw new CallError("unreachable", `the server could not be reached (${error.message})`);
    // The SDK parses the body itself: a 200 whose body is not JSON fails here.
    if (error instanceof SyntaxError) throw new CallError("server", "the server's answer was not valid JSON");
    if (!(error instanceof APIError) || error.status === undefined) throw error;
    const status = error.status;
    const said = (error.message ?? "").slice(0, 200);
    if (status === 429) throw new CallError("rate_limited", `HTTP 429 (rate limited)`, status, retryAfterMs(error.headers));
    if (status >= 500) throw new CallError("server", `HTTP ${status} from the server`, status, retryAfterMs(error.headers));
    if ((status === 400 || status === 422) && request.response_format) throw new CallError("format_refused", `HTTP ${status}: ${said}`, status);
    throw new CallError("refused", `HTTP ${status}: ${ADVICE[status] ?? said}`, status);
  }
  const latencyMs = Math.round(performance.now() - started);
  const choice = Array.isArray(completion?.choices) ? completion.choices[0] : undefined;
  if (!choice) throw new CallError("server", "the server's answer had no choices");
  const content = choice.message?.content;
  return {
    content: typeof content === "string" ? content : "",
    truncated: choice.finish_reason === "length",
    tokensIn: Number(completion.usage?.prompt_tokens ?? 0) || 0,
    tokensOut: Number(completion.usage?.completion_tokens ?? 0) || 0,
    latencyMs,
  };
}
