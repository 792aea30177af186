import type OpenAI from "openai";
import pRetry from "p-retry";
import { CallError, chatOnce, requestHash, type ChatAnswer, type ChatRequest, type ResponseFormatMode } from "./chat";
import type { ChatMessage } from "./template";
import { flowAnswerSchema, flowCorrection, parseFlowAnswer } from "../flow/judgeFlow";
import { parseVerdict, VERDICT_JSON_SCHEMA } from "./verdictAnswer";

/** HTTP retries of one answer (429, 5xx, timeouts), with exponential backoff; Retry-After is honoured on top. */
export const HTTP_RETRIES = 5;
/** Answers a judge may give before its verdict is stored as missing. */
export const ANSWER_ATTEMPTS = 3;

export interface Decoding {
  model: string;
  temperature: number;
  maxTokens: number;
  seed: number | null;
}

/**
 * A judge's call: the rendered messages, and the previous unusable answer if there was
 * one (a resumed or batch call). With `options`, a flow-rubric question (docs/flow.md):
 * the answer is `{answer, reasoning}`, the answer one of the options.
 */
export interface JudgeCall {
  kind: "judge";
  decoding: Decoding;
  messages: ChatMessage[];
  previous: { raw: string; problem: string } | null;
  options?: readonly string[];
}

/** A target model's call: the user turns, and the assistant turns already generated and stored. */
export interface RespondCall {
  kind: "respond";
  decoding: Decoding;
  systemPrompt: string;
  userTurns: string[];
  turnsSoFar: string[];
}

/** One turn of a simulated conversation: the user model's or the target model's next message (docs/runs.md). */
export interface TurnCall {
  kind: "turn";
  decoding: Decoding;
  messages: ChatMessage[];
}

/** What a call's attempts came to, ready to store. */
export interface Settlement {
  status: "done" | "missing" | "failed";
  /** judge: `{ verdict, rationale }` (a flow question: `{ answer, reasoning }`); respond: `{ turns, truncated }`; turn: `{ text, truncated }`. Null when missing or failed. */
  parsed: unknown;
  raw: string | null;
  requestHash: string | null;
  tokensIn: number;
  tokensOut: number;
  latencyMs: number | null;
  attempts: number;
  lastError: string | null;
  /** The endpoint refused us (key, model, URL): the run should stop until someone fixes it. */
  fatal?: boolean;
}

export interface Endpoint {
  client: OpenAI;
  /** How this endpoint is asked for JSON; lowered for everyone when the server refuses it. */
  format: { mode: ResponseFormatMode };
  onFormatLowered?: (mode: ResponseFormatMode) => void;
  /** Stop sending to this endpoint for `ms` (a 429 with Retry-After). */
  hold?: (ms: number) => void;
  /** Backoff bounds, milliseconds (tests shorten them). */
  minBackoffMs?: number;
  maxBackoffMs?: number;
  signal?: AbortSignal;
}

const LOWER: Record<ResponseFormatMode, ResponseFormatMode | null> = { json_schema: "json_object", json_object: "text", text: null };

function formatFor(mode: ResponseFormatMode, options?: readonly string[]): ChatRequest["response_format"] {
  if (mode === "json_schema") return { type: "json_schema", json_schema: options ? flowAnswerSchema(options) : { ...VERDICT_JSON_SCHEMA, schema: { ...VERDICT_JSON_SCHEMA.schema } } };
  if (mode === "json_object") return { type: "json_object" };
  return undefined;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
  });

interface Tally {
  attempts: number;
  tokensIn: number;
  tokensOut: number;
  latencyMs: number | null;
  lastError: string | null;
}

/**
 * One answer, asked again on 429, 5xx, timeouts and lost connections. Every HTTP
 * attempt is counted in `tally`; a Retry-After longer than the backoff is waited out
 * (and holds the whole endpoint). Throws the last `CallError` when retries run out
 * or the failure is not one that asking again can fix.
 */
async function answer(endpoint: Endpoint, build: () => ChatRequest, tally: Tally): Promise<{ answer: ChatAnswer; request: ChatRequest }> {
  return pRetry(
    async () => {
      const request = build();
      tally.attempts++;
      try {
        const result = await chatOnce(endpoint.client, request);
        tally.tokensIn += result.tokensIn;
        tally.tokensOut += result.tokensOut;
        tally.latencyMs = result.latencyMs;
        return { answer: result, request };
      } catch (error) {
        if (error instanceof CallError) tally.lastError = error.message;
        // Lowered once per refused format, however many calls were in flight with it.
        const sent: ResponseFormatMode = request.response_format?.type ?? "text";
        if (error instanceof CallError && error.kind === "format_refused" && sent === endpoint.format.mode) {
          const lower = LOWER[sent];
          if (lower) {
            endpoint.format.mode = lower;
            endpoint.onFormatLowered?.(lower);
          }
        }
        throw error;
      }
    },
    {
      retries: HTTP_RETRIES,
      minTimeout: endpoint.minBackoffMs ?? 1000,
      maxTimeout: endpoint.maxBackoffMs ?? 60_000,
      randomize: true,
      signal: endpoint.signal,
      // A lowered response format is not a failure of the server: ask again at once, without using a retry.
      shouldConsumeRetry: ({ error }) => !(error instanceof CallError && error.kind === "format_refused" && endpoint.format.mode !== "text"),
      shouldRetry: ({ error }) => error instanceof CallError && (error.retryable || error.kind === "format_refused"),
      // The server's Retry-After is waited out before the backoff's own delay, and holds the endpoint meanwhile.
      onFailedAttempt: async ({ error }) => {
        const wait = error instanceof CallError ? error.retryAfterMs : undefined;
        if (wait !== undefined && wait > 0) {
          endpoint.hold?.(wait);
          await sleep(wait, endpoint.signal);
        }
      },
    },
  );
}

function failed(tally: Tally, error: unknown): Settlement {
  const message = error instanceof Error ? error.message : String(error);
  return {
    status: "failed",
    parsed: null,
    raw: null,
    requestHash: null,
    ...tally,
    lastError: message.slice(0, 500),
    fatal: error instanceof CallError && error.kind === "refused",
  };
}

/** A judge's answer read: a verdict `{verdict, rationale}`, or a flow answer `{answer, reasoning}`. */
function readAnswer(call: JudgeCall, content: string, truncated: boolean): { ok: true; parsed: unknown } | { ok: false; problem: string } {
  if (call.options) {
    const flow = parseFlowAnswer(content, truncated, call.options);
    return flow.ok ? { ok: true, parsed: { answer: flow.answer, reasoning: flow.reasoning } } : flow;
  }
  const verdict = parseVerdict(content, truncated);
  return verdict.ok ? { ok: true, parsed: { verdict: verdict.verdict, rationale: verdict.rationale } } : verdict;
}

/**
 * A judge's verdict on one unit, or its answer to one flow question. An unusable
 * answer (for a flow question also one that names none of the options) is shown back
 * to the judge with what was wrong, up to ANSWER_ATTEMPTS answers in all; then the
 * result is stored as missing with the reason.
 */
export async function runJudgeCall(endpoint: Endpoint, call: JudgeCall, answersSoFar = 0): Promise<Settlement> {
  const tally: Tally = { attempts: 0, tokensIn: 0, tokensOut: 0, latencyMs: null, lastError: call.previous?.problem ?? null };
  let previous = call.previous;
  let firstHash: string | null = null;
  for (let given = answersSoFar; given < ANSWER_ATTEMPTS; given++) {
    const asked = previous;
    const build = () => judgeRequest(call, endpoint.format.mode, asked);
    let result: Awaited<ReturnType<typeof answer>>;
    try {
      result = await answer(endpoint, build, tally);
    } catch (error) {
      return failed(tally, error);
    }
    firstHash ??= requestHash(result.request);
    const read = readAnswer(call, result.answer.content, result.answer.truncated);
    if (read.ok) {
      return { status: "done", parsed: read.parsed, raw: result.answer.content, requestHash: firstHash, ...tally, lastError: previous ? tally.lastError : null };
    }
    tally.lastError = `unusable answer: ${read.problem}`;
    previous = { raw: result.answer.content, problem: read.problem };
  }
  return { status: "missing", parsed: null, raw: previous?.raw ?? null, requestHash: firstHash, ...tally };
}

/** The request for a judge's answer; after an unusable answer, the answer and what was wrong with it follow the prompt. */
export function judgeRequest(call: JudgeCall, mode: ResponseFormatMode, previous: JudgeCall["previous"]): ChatRequest {
  const format = formatFor(mode, call.options);
  return {
    model: call.decoding.model,
    messages: previous
      ? [...call.messages, { role: "assistant", content: previous.raw }, { role: "user", content: call.options ? flowCorrection(previous.problem, call.options) : correction(previous.problem) }]
      : call.messages,
    temperature: call.decoding.temperature,
    max_tokens: call.decoding.maxTokens,
    ...(call.decoding.seed !== null ? { seed: call.decoding.seed } : {}),
    ...(format ? { response_format: format } : {}),
  };
}

/** The message that shows a judge what was wrong with its answer. */
export function correction(problem: string): string {
  return `That answer cannot be used: ${problem}. Answer again with only the JSON object {"verdict": "satisfied" | "not_satisfied", "rationale": "one sentence"}.`;
}

/**
 * One turn of a simulated conversation. An empty answer is asked again (a transcript
 * has no empty turn), up to ANSWER_ATTEMPTS answers; then the turn is missing and the
 * conversation ends there. A cut-off answer is kept and marked.
 */
export async function runTurnCall(endpoint: Endpoint, call: TurnCall): Promise<Settlement> {
  const tally: Tally = { attempts: 0, tokensIn: 0, tokensOut: 0, latencyMs: null, lastError: null };
  const request: ChatRequest = {
    model: call.decoding.model,
    messages: call.messages,
    temperature: call.decoding.temperature,
    max_tokens: call.decoding.maxTokens,
    ...(call.decoding.seed !== null ? { seed: call.decoding.seed } : {}),
  };
  let raw: string | null = null;
  for (let given = 0; given < ANSWER_ATTEMPTS; given++) {
    let result: Awaited<ReturnType<typeof answer>>;
    try {
      result = await answer({ ...endpoint, format: { mode: "text" } }, () => request, tally);
    } catch (error) {
      return failed(tally, error);
    }
    raw = result.answer.content;
    const text = raw.trim();
    if (text) return { status: "done", parsed: { text, truncated: result.answer.truncated }, raw, requestHash: requestHash(request), ...tally, lastError: null };
    tally.lastError = "unusable answer: the answer was empty";
  }
  return { status: "missing", parsed: null, raw, requestHash: requestHash(request), ...tally };
}

/** The request for a target model's next assistant turn: the user turns stay fixed, the assistant turns are its own. */
export function respondRequest(call: RespondCall, turns: readonly string[]): ChatRequest {
  const messages: ChatMessage[] = [{ role: "system", content: call.systemPrompt }];
  for (let i = 0; i <= turns.length; i++) {
    messages.push({ role: "user", content: call.userTurns[i] });
    if (i < turns.length) messages.push({ role: "assistant", content: turns[i] });
  }
  return {
    model: call.decoding.model,
    messages,
    temperature: call.decoding.temperature,
    max_tokens: call.decoding.maxTokens,
    ...(call.decoding.seed !== null ? { seed: call.decoding.seed } : {}),
  };
}

/**
 * A target model's response to one item: every assistant turn in order, each asked
 * with the turns before it. `onTurn` is told each new turn so it can be stored at
 * once (with the attempts and tokens so far, which the settlement then leaves out):
 * a resumed call starts after the last stored turn. An empty answer is a
 * response (the scoring counts empty responses); a cut-off one is kept and marked.
 */
export async function runRespondCall(endpoint: Endpoint, call: RespondCall, onTurn?: (turns: string[], tally: Readonly<Tally>) => void): Promise<Settlement> {
  const tally: Tally = { attempts: 0, tokensIn: 0, tokensOut: 0, latencyMs: null, lastError: null };
  const turns = [...call.turnsSoFar];
  let truncated = false;
  let hash: string | null = null;
  let raw: string | null = null;
  while (turns.length < call.userTurns.length) {
    const request = respondRequest(call, turns);
    let result: Awaited<ReturnType<typeof answer>>;
    try {
      result = await answer({ ...endpoint, format: { mode: "text" } }, () => request, tally);
    } catch (error) {
      return failed(tally, error);
    }
    hash = requestHash(request);
    raw = result.answer.content;
    truncated ||= result.answer.truncated;
    turns.push(result.answer.content.trim());
    if (turns.length < call.userTurns.length && onTurn) {
      // Stored with the turn; the settlement then counts only what came after.
      onTurn([...turns], { ...tally });
      Object.assign(tally, { attempts: 0, tokensIn: 0, tokensOut: 0 });
    }
  }
  return { status: "done", parsed: { turns, truncated }, raw, requestHash: hash, ...tally, lastError: null };
}
