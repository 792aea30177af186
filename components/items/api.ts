import type { ActionResult } from "@/lib/auth/respond";

/** What a call to an authoring route returns: its data, or the server's sentence and issues. */
export type ApiResult<T> = ActionResult<T>;

const NETWORK = "Could not reach the server. Check your connection; your work is kept in this page and will be saved when you try again.";

/** Calls an authoring route handler; never throws, so every screen can show what happened. */
export async function callApi<T>(method: "GET" | "PUT" | "POST" | "PATCH" | "DELETE", url: string, body?: unknown): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: body === undefined ? undefined : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    return { ok: false, status: 0, error: NETWORK, issues: [] };
  }
  if (response.status === 204) return { ok: true, data: undefined as T };
  const payload: unknown = await response.json().catch(() => null);
  if (response.ok) return { ok: true, data: payload as T };
  const failure = (payload ?? {}) as { error?: string; issues?: string[] };
  return { ok: false, status: response.status, error: failure.error ?? `The server answered ${response.status}.`, issues: failure.issues ?? [] };
}

/** The API path of an item, with its id safely encoded. */
export const itemApi = (itemId: string, path = "") => `/api/items/${encodeURIComponent(itemId)}${path}`;
/** The page path of an item. */
export const itemPage = (itemId: string, path = "") => `/items/${encodeURIComponent(itemId)}${path}`;
