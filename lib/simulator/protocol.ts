import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * The HTTP side of an OpenAI-compatible chat-completions server, on 127.0.0.1 only:
 * `GET /v1/models`, `POST /v1/chat/completions` (non-streaming), OpenAI-style JSON
 * errors, requests checked as the real API checks them (a JSON body, `model`,
 * `messages`, `response_format`), delayed answers. What each completion says is up
 * to `answer`. The demo simulator and the test stub (test/llm-stub.ts) both run on it.
 */

export interface ChatServerRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body (null when absent or not JSON). */
  body: { model?: string; messages?: { role: string; content: string }[]; response_format?: unknown; temperature?: number; max_tokens?: number; seed?: number } | null;
}

export interface ChatReply {
  /** HTTP status; anything but 200 answers with an OpenAI-style error body. */
  status?: number;
  /** The assistant message content (a 200 answer). */
  content?: string;
  finishReason?: "stop" | "length";
  /** Wait this long before answering, e.g. longer than the client's timeout. */
  delayMs?: number;
  errorMessage?: string;
  /** Extra response headers, e.g. `{ "retry-after": "1" }` on a 429. */
  headers?: Record<string, string>;
  /** Send this text as the body instead of a completion (a malformed or wrong-shaped answer). */
  rawBody?: string;
  /** Token usage to report (0 and 0 when absent). */
  usage?: { prompt_tokens: number; completion_tokens: number };
}

export interface ChatServerOptions {
  /** The reply to the `index`-th well-formed completion request (counting from 0). */
  answer: (request: ChatServerRequest, index: number) => ChatReply;
  /** The model ids `GET /v1/models` lists. */
  models: readonly string[];
  /** 0 picks a free port. */
  port?: number;
  /** Keep every request in `requests` (default); a long benchmark turns it off so memory stays flat. */
  record?: boolean;
}

export interface ChatServer {
  /** Base URL to configure, ending in /v1. */
  url: string;
  /** The address and port the server is bound to. */
  address: AddressInfo;
  requests: ChatServerRequest[];
  close(): Promise<void>;
}

/** Only loopback: whatever answers here is for this machine alone. */
const LOOPBACK = "127.0.0.1";

const RESPONSE_FORMAT_TYPES = ["text", "json_object", "json_schema"];

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);

/** What the real API answers 400 to, as its message and the parameter at fault; null for a well-formed request. */
function requestProblem(body: ChatServerRequest["body"], raw: string): { message: string; param: string | null } | null {
  if (body === null) return { message: raw.trim() === "" ? "The request has no body; send a JSON object." : "The request body is not valid JSON.", param: null };
  if (!isObject(body)) return { message: "The request body must be a JSON object.", param: null };
  if (typeof body.model !== "string" || body.model.trim() === "") return { message: "Missing required parameter: 'model'.", param: "model" };
  const messages = body.messages as unknown;
  if (!Array.isArray(messages) || messages.length === 0) return { message: "'messages' must be a non-empty array.", param: "messages" };
  const bad = messages.findIndex((m) => !isObject(m) || typeof m.role !== "string" || (typeof m.content !== "string" && !Array.isArray(m.content)));
  if (bad >= 0) return { message: `'messages[${bad}]' must have a string 'role' and a 'content'.`, param: `messages[${bad}]` };
  const format = body.response_format;
  if (format === undefined || format === null) return null;
  if (!isObject(format) || !RESPONSE_FORMAT_TYPES.includes(format.type as string)) {
    return { message: "'response_format.type' must be one of 'text', 'json_object', 'json_schema'.", param: "response_format.type" };
  }
  if (format.type === "json_schema") {
    const schema = format.json_schema;
    if (!isObject(schema) || typeof schema.name !== "string" || schema.name === "") return { message: "Missing required parameter: 'response_format.json_schema.name'.", param: "response_format.json_schema.name" };
    if (!isObject(schema.schema)) return { message: "'response_format.json_schema.schema' must be a JSON schema object.", param: "response_format.json_schema.schema" };
  }
  return null;
}

function errorBody(message: string, type: string, param: string | null = null) {
  return { error: { message, type, param, code: null } };
}

function completionBody(model: string, reply: ChatReply) {
  const prompt = reply.usage?.prompt_tokens ?? 0;
  const completion = reply.usage?.completion_tokens ?? 0;
  return {
    id: `chatcmpl-${Date.now().toString(36)}${Math.floor(Math.random() * 1e9).toString(36)}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: "assistant", content: reply.content ?? "" }, finish_reason: reply.finishReason ?? "stop" }],
    usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion },
  };
}

export async function startChatServer(options: ChatServerOptions): Promise<ChatServer> {
  const requests: ChatServerRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let completions = 0;

  const server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
    req.on("end", () => {
      let body: ChatServerRequest["body"] = null;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        body = null;
      }
      const path = (req.url ?? "/").split("?")[0];
      const request: ChatServerRequest = { method: req.method ?? "GET", path, headers: req.headers, body };
      if (options.record !== false) requests.push(request);
      const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { "content-type": "application/json", ...headers });
        res.end(typeof payload === "string" ? payload : JSON.stringify(payload));
      };
      if (req.method === "GET" && path === "/v1/models") {
        send(200, { object: "list", data: options.models.map((id) => ({ id, object: "model", created: 0, owned_by: "concord" })) });
        return;
      }
      if (req.method !== "POST" || path !== "/v1/chat/completions") {
        send(404, errorBody(`no route ${req.method} ${path}`, "not_found"));
        return;
      }
      const problem = requestProblem(body, raw);
      if (problem) {
        send(400, errorBody(problem.message, "invalid_request_error", problem.param));
        return;
      }
      const reply = options.answer(request, completions++);
      const respond = () => {
        const status = reply.status ?? 200;
        if (reply.rawBody !== undefined) send(status, reply.rawBody, reply.headers);
        else if (status === 200) send(200, completionBody(body!.model!, reply), reply.headers);
        else send(status, errorBody(reply.errorMessage ?? `error ${status}`, status === 404 ? "not_found" : "server_error"), reply.headers);
      };
      if (!reply.delayMs) return respond();
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!res.destroyed) respond();
      }, reply.delayMs);
      timers.add(timer);
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, LOOPBACK, () => (server.off("error", reject), resolve()));
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://${LOOPBACK}:${address.port}/v1`,
    address,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
