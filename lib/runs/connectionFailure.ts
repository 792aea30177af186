import { APIConnectionError, APIConnectionTimeoutError, APIError } from "openai";

export interface FailureContext {
  baseUrl: string;
  apiKeyEnv: string | null;
  keySet: boolean;
  timeoutMs: number;
  /** What was asked: the model list, or a chat completion of this model. */
  step: { kind: "models" } | { kind: "chat"; model: string };
}

const cap = (text: string, max = 200) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

function keyAdvice({ apiKeyEnv, keySet }: FailureContext): string {
  if (!apiKeyEnv) return "The server wants a key: name the environment variable that holds it in the endpoint's settings.";
  if (!keySet) return `${apiKeyEnv} is not set in the environment Concord runs in: set it and restart Concord.`;
  return `Check the key in ${apiKeyEnv} and what it is allowed to use.`;
}

/** One sentence a lead can act on for a failed call to an endpoint (OpenAI SDK errors). */
export function connectionFailure(error: unknown, context: FailureContext): string {
  const host = new URL(context.baseUrl).host;
  if (error instanceof APIConnectionTimeoutError) {
    const seconds = Number((context.timeoutMs / 1000).toFixed(1));
    return `No answer from ${host} within ${seconds} s (the endpoint's timeout): the server may be busy or still loading the model; try again or raise the timeout.`;
  }
  if (error instanceof APIConnectionError) {
    return `${host} could not be reached: check that the server is running and that the base URL ${context.baseUrl} is right.`;
  }
  if (error instanceof APIError && error.status !== undefined) {
    const status = error.status;
    if (status === 401 || status === 403) return `The server refused the request (HTTP ${status}). ${keyAdvice(context)}`;
    if (status === 404) {
      return context.step.kind === "models"
        ? `${context.baseUrl}/models does not exist (HTTP 404): the base URL of an OpenAI-compatible server usually ends in /v1.`
        : `The server does not know the model "${context.step.model}" or has no chat completions at ${context.baseUrl} (HTTP 404): check the model name and the base URL.`;
    }
    if (status === 429) return `The server is rate limiting (HTTP 429): lower the endpoint's requests per minute or try again later.`;
    return `The server answered HTTP ${status}: ${cap(error.message)}`;
  }
  return `The request failed: ${cap(error instanceof Error ? error.message : String(error))}`;
}
