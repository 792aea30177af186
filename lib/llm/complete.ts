import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError } from "openai";
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import type { z } from "zod";
import type { LlmConfig } from "./config";
import { LlmError } from "./errors";
import { extractJson } from "./json";

export const MAX_ATTEMPTS = 3;

export interface JsonTask<T> {
  /** What is being drafted, for error sentences: "rubric", "reference response". */
  what: string;
  system: string;
  user: string;
  schema: z.ZodType<T>;
}

function client(config: LlmConfig): OpenAI {
  return new OpenAI({
    baseURL: config.baseUrl,
    // The SDK insists on a key; for keyless local servers the header is then removed.
    apiKey: config.apiKey ?? "none",
    defaultHeaders: config.apiKey ? undefined : { Authorization: null },
    // Explicit nulls keep OPENAI_* variables of the host from leaking into requests.
    organization: null,
    project: null,
    adminAPIKey: null,
    timeout: config.timeoutMs,
    // Retries are ours: each one counts as an attempt and says what was wrong.
    maxRetries: 0,
  });
}

type Answer = { ok: true; content: string; truncated: boolean } | { ok: false; serverError: string };

async function ask(llm: OpenAI, config: LlmConfig, messages: ChatCompletionMessageParam[], jsonMode: { on: boolean }): Promise<Answer> {
  try {
    const completion = await llm.chat.completions.create({
      model: config.model,
      messages,
      ...(jsonMode.on ? { response_format: { type: "json_object" as const } } : {}),
    });
    const choice = completion.choices?.[0];
    return { ok: true, content: choice?.message?.content ?? "", truncated: choice?.finish_reason === "length" };
  } catch (error) {
    const seconds = Number((config.timeoutMs / 1000).toFixed(1));
    if (error instanceof APIConnectionTimeoutError) {
      throw new LlmError("timeout", `The model did not answer within ${seconds} s. Try again, use a faster model, or raise CONCORD_LLM_TIMEOUT_MS.`);
    }
    if (error instanceof APIConnectionError) {
      throw new LlmError("unreachable", `The model server at ${new URL(config.baseUrl).host} could not be reached. Check that it is running and that CONCORD_LLM_BASE_URL is right.`);
    }
    if (!(error instanceof APIError) || error.status === undefined) throw error;
    // Many local servers do not know JSON mode and refuse it with a 400: ask once more without it.
    if (error.status === 400 && jsonMode.on) {
      jsonMode.on = false;
      return ask(llm, config, messages, jsonMode);
    }
    if (error.status >= 500) return { ok: false, serverError: `HTTP ${error.status}` };
    const advice: Record<number, string> = {
      401: "Check CONCORD_LLM_API_KEY.",
      403: "Check CONCORD_LLM_API_KEY and its permissions.",
      404: "Check CONCORD_LLM_MODEL and CONCORD_LLM_BASE_URL (it usually ends in /v1).",
      429: "The server is rate limiting; try again in a minute.",
    };
    throw new LlmError("rejected", `The model server refused the request (HTTP ${error.status}). ${advice[error.status] ?? "Check the model settings."}`);
  }
}

function readAnswer<T>(content: string, truncated: boolean, schema: z.ZodType<T>): { value: T } | { problem: string } {
  if (truncated) return { problem: "the answer was cut off before it ended; keep it shorter" };
  let json: unknown;
  try {
    json = extractJson(content);
  } catch (error) {
    return { problem: (error as Error).message };
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return { value: parsed.data };
  return { problem: parsed.error.issues.map((i) => `${i.path.join(".") || "answer"}: ${i.message}`).join("; ") };
}

/**
 * Asks for a JSON answer and validates it, up to MAX_ATTEMPTS times. After an invalid
 * answer the conversation continues with the answer and a message naming what was
 * wrong, so the model can correct itself; a server error is simply asked again.
 */
export async function completeJson<T>(config: LlmConfig, task: JsonTask<T>): Promise<T> {
  const llm = client(config);
  const jsonMode = { on: true };
  const messages: ChatCompletionMessageParam[] = [
    { role: "system", content: task.system },
    { role: "user", content: task.user },
  ];
  let lastProblem = "";
  let serverFailed = false;
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const answer = await ask(llm, config, messages, jsonMode);
    serverFailed = !answer.ok;
    if (!answer.ok) {
      lastProblem = `the server failed with ${answer.serverError}`;
      continue;
    }
    const result = readAnswer(answer.content, answer.truncated, task.schema);
    if ("value" in result) return result.value;
    lastProblem = result.problem;
    messages.push(
      { role: "assistant", content: answer.content },
      { role: "user", content: `That answer cannot be used: ${result.problem}. Answer again with only the JSON object, following every rule.` },
    );
  }
  throw new LlmError(
    serverFailed ? "unreachable" : "invalid_output",
    `The model did not give a usable ${task.what} in ${MAX_ATTEMPTS} attempts (last problem: ${lastProblem}). Try again, or configure a more capable model.`,
  );
}
