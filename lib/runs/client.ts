import OpenAI from "openai";

/** What a call needs of an endpoint row. */
export interface EndpointSettings {
  name: string;
  baseUrl: string;
  /** The name of the environment variable holding the key; the key itself is never stored. */
  apiKeyEnv: string | null;
  timeoutMs: number;
}

/** The key for an endpoint, read from the environment now; null when none is configured. */
export function endpointKey(endpoint: EndpointSettings, env: Record<string, string | undefined> = process.env): string | null {
  if (!endpoint.apiKeyEnv) return null;
  const key = env[endpoint.apiKeyEnv];
  return key && key.trim() !== "" ? key.trim() : null;
}

/**
 * An OpenAI client for one endpoint. Retries are Concord's own (they are counted and
 * recorded per call), so the SDK's are off; without a key no Authorization header is sent.
 */
export function endpointClient(endpoint: EndpointSettings, env: Record<string, string | undefined> = process.env): OpenAI {
  const key = endpointKey(endpoint, env);
  return new OpenAI({
    baseURL: endpoint.baseUrl,
    apiKey: key ?? "none",
    defaultHeaders: key ? undefined : { Authorization: null },
    // Explicit nulls keep OPENAI_* variables of the host from leaking into requests.
    organization: null,
    project: null,
    adminAPIKey: null,
    timeout: endpoint.timeoutMs,
    maxRetries: 0,
  });
}
