import type { ActionResult } from "@/lib/auth/respond";

/**
 * A route handler's refusal, or no answer at all (`status` 0): the sentence to show, the
 * problems it lists (a bundle's first 200) and how many more there are.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly issues: string[] = [],
    readonly more = 0,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export const UNREACHABLE = "Could not reach the server. Check your connection and try again.";
const UPLOAD_CUT = "The file did not reach the server: the connection failed or the server closed it while the file was being sent (it does so for a file over its size limit).";

/** The content type of a bundle upload. */
export const BUNDLE_TYPE = "application/x-ndjson";

/** The sentence for a refusal whose body does not say why (a proxy's page, a crash). */
function silentFailure(status: number): string {
  if (status === 413) return "The server refused the request as too large (413).";
  if (status >= 500) return `The server failed (it answered ${status}) without saying why. Try again; if it keeps failing, tell whoever runs Concord.`;
  return `The server answered ${status} without saying why.`;
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : []);

export interface ApiInit {
  method?: "GET" | "PUT" | "POST" | "PATCH" | "DELETE";
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as it is (a bundle file), with `contentType`. */
  body?: Blob;
  contentType?: string;
  cache?: RequestCache;
}

/**
 * Calls one of Concord's route handlers: its JSON answer, or an `ApiError` carrying the
 * status, the server's sentence and its issues (so `useQuery` and `useMutation` errors
 * say what happened). A 204 answers `undefined`.
 */
export async function apiFetch<T>(url: string, { method = "GET", json, body, contentType, cache }: ApiInit = {}): Promise<T> {
  const type = json !== undefined ? "application/json" : contentType;
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: { Accept: "application/json", ...(type ? { "Content-Type": type } : {}) },
      body: json !== undefined ? JSON.stringify(json) : body,
      cache,
    });
  } catch {
    throw new ApiError(0, body ? UPLOAD_CUT : UNREACHABLE);
  }
  if (response.status === 204) return undefined as T;
  const payload: unknown = await response.json().catch(() => undefined);
  if (response.ok) {
    if (payload === undefined) throw new ApiError(response.status, `The server answered ${response.status} with something other than JSON.`);
    return payload as T;
  }
  const failure = (payload && typeof payload === "object" ? payload : {}) as { error?: unknown; issues?: unknown; more?: unknown };
  throw new ApiError(
    response.status,
    typeof failure.error === "string" ? failure.error : silentFailure(response.status),
    strings(failure.issues),
    typeof failure.more === "number" ? failure.more : 0,
  );
}

/** An `apiFetch` as a result that never throws, for screens that keep the last outcome (autosave). */
export async function settled<T>(call: Promise<T>): Promise<ActionResult<T>> {
  try {
    return { ok: true, data: await call };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { ok: false, status: error.status, error: error.message, issues: error.issues, more: error.more };
  }
}

/** `apiFetch` with a JSON body, settled. */
export const callApi = <T>(method: NonNullable<ApiInit["method"]>, url: string, json?: unknown): Promise<ActionResult<T>> => settled(apiFetch<T>(url, { method, json }));
