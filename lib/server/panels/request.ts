import { Invalid } from "@/lib/server/errors";

/** A URL's query parameters as a plain object, leaving absent ones out so schema defaults apply. */
export function queryOf(request: Request, names: readonly string[]): Record<string, string> {
  const params = new URL(request.url).searchParams;
  return Object.fromEntries(names.flatMap((name) => {
    const value = params.get(name);
    return value === null ? [] : [[name, value]];
  }));
}

/** A JSON object request body; the service it is passed to parses it with its own schema. */
export async function jsonObject(request: Request): Promise<Record<string, unknown>> {
  const body: unknown = await request.json().catch(() => null);
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw new Invalid("The request body must be a JSON object.");
  return body as Record<string, unknown>;
}
