import "server-only";
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

/** The JSON body of a request, or a 400 that says so. */
export async function jsonBody(request: Request): Promise<Record<string, unknown>> {
  try {
    const body: unknown = await request.json();
    if (body && typeof body === "object" && !Array.isArray(body)) return body as Record<string, unknown>;
  } catch {
    // answered below
  }
  throw new Invalid("The request body must be a JSON object.");
}

/** A whole-number query parameter, or NaN (which the service's schema refuses with a sentence). */
export function numberParam(request: Request, name: string): number {
  const value = new URL(request.url).searchParams.get(name);
  return value === null || value.trim() === "" ? NaN : Number(value);
}
