import "server-only";
import { readJson } from "@/lib/server/body";
import { Invalid } from "@/lib/server/errors";

/**
 * What route handlers read from a request. Each value goes to a service as it is; the
 * service's schema parses it and says what is wrong.
 */

/** The JSON object body of a request (at most CONCORD_JSON_LIMIT_KB), or a 400/413 that says so. */
export async function jsonObject(request: Request): Promise<Record<string, unknown>> {
  const body = await readJson(request).catch((error: unknown) => {
    if (error instanceof Invalid) return undefined;
    throw error;
  });
  if (body && typeof body === "object" && !Array.isArray(body)) return body as Record<string, unknown>;
  throw new Invalid("The request body must be a JSON object.");
}

/** A URL's query parameters as a plain object, leaving absent ones out so schema defaults apply. */
export function queryOf(request: Request, names: readonly string[]): Record<string, string> {
  const params = new URL(request.url).searchParams;
  return Object.fromEntries(names.flatMap((name) => {
    const value = params.get(name);
    return value === null ? [] : [[name, value]];
  }));
}

/** A whole-number query parameter, or NaN (which the service's schema refuses with a sentence). */
export function numberParam(request: Request, name: string): number {
  const value = new URL(request.url).searchParams.get(name);
  return value === null || value.trim() === "" ? NaN : Number(value);
}
