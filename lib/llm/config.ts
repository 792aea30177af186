import { z } from "zod";
import { LlmError } from "./errors";

/** Unset and empty mean the same: a blank line in an .env file must not half-configure. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), schema.optional());

const LlmEnv = z.object({
  CONCORD_LLM_BASE_URL: optional(
    z.url({ protocol: /^https?$/, error: "must be an http(s) URL such as http://localhost:11434/v1" }),
  ),
  CONCORD_LLM_API_KEY: optional(z.string()),
  CONCORD_LLM_MODEL: optional(z.string().trim()),
  CONCORD_LLM_TIMEOUT_MS: optional(
    z.coerce.number().int("must be a whole number of milliseconds").min(1000, "must be at least 1000").max(600_000, "must be at most 600000"),
  ),
});

export interface LlmConfig {
  /** OpenAI-compatible base URL, including the version path (…/v1). */
  baseUrl: string;
  /** Null for local servers that need no key: then no Authorization header is sent. */
  apiKey: string | null;
  model: string;
  /** Per request. */
  timeoutMs: number;
}

export const DEFAULT_LLM_TIMEOUT_MS = 30_000;

export const LLM_SETUP_HINT =
  "Drafting with a model is not configured. Set CONCORD_LLM_BASE_URL to an OpenAI-compatible endpoint " +
  "(for example http://localhost:11434/v1 for Ollama, http://localhost:8000/v1 for vLLM or llama.cpp, " +
  "or https://api.openai.com/v1), CONCORD_LLM_MODEL to the model name and, if the server needs one, " +
  "CONCORD_LLM_API_KEY; optionally CONCORD_LLM_TIMEOUT_MS (default 30000). Then restart Concord.";

/**
 * The model settings, or null when neither a base URL nor a model is set. A half or
 * malformed configuration throws an `LlmError` naming the variable, rather than
 * silently disabling drafting.
 */
export function llmConfig(env: Record<string, string | undefined> = process.env): LlmConfig | null {
  const parsed = LlmEnv.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new LlmError("misconfigured", `The model settings are invalid (${problems}).`);
  }
  const { CONCORD_LLM_BASE_URL: baseUrl, CONCORD_LLM_MODEL: model } = parsed.data;
  if (!baseUrl && !model) return null;
  if (!baseUrl || !model) {
    const missing = baseUrl ? "CONCORD_LLM_MODEL" : "CONCORD_LLM_BASE_URL";
    throw new LlmError("misconfigured", `The model settings are incomplete: ${missing} is not set.`);
  }
  return {
    baseUrl,
    apiKey: parsed.data.CONCORD_LLM_API_KEY ?? null,
    model,
    timeoutMs: parsed.data.CONCORD_LLM_TIMEOUT_MS ?? DEFAULT_LLM_TIMEOUT_MS,
  };
}
