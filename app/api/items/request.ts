import "server-only";
import { readJson } from "@/lib/server/body";
import { Invalid } from "@/lib/server/errors";

/** Route params of the item routes; ids are decoded here once (they never hold a `%`). */
export type ItemRoute = { params: Promise<{ id: string }> };

export async function itemIdOf({ params }: ItemRoute): Promise<string> {
  const raw = (await params).id;
  try {
    return decodeURIComponent(raw);
  } catch {
    throw new Invalid("The item id in the address is not valid.");
  }
}

/** The JSON object body of a request (at most CONCORD_JSON_LIMIT_KB), or a 400/413 that says so. */
export async function jsonBody(request: Request): Promise<Record<string, unknown>> {
  const body = await readJson(request).catch((error: unknown) => {
    if (error instanceof Invalid) return undefined;
    throw error;
  });
  if (body && typeof body === "object" && !Array.isArray(body)) return body as Record<string, unknown>;
  throw new Invalid("The request body must be a JSON object.");
}

/** A whole-number query parameter, or NaN (which the service's schema refuses with a sentence). */
export function numberParam(request: Request, name: string): number {
  const value = new URL(request.url).searchParams.get(name);
  return value === null || value.trim() === "" ? NaN : Number(value);
}
