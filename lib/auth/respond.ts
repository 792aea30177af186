import "server-only";
import { unstable_rethrow } from "next/navigation";
import { ZodError } from "zod";
import type { Ctx } from "@/lib/server/context";
import { refuseApiRequest } from "@/lib/security/forgedRequest";
import { Invalid, ServiceError } from "@/lib/server/errors";
import { getCtx } from "./ctx";

/** What a server action returns: its data, or a sentence (and any per-line issues). */
export type ActionResult<T> =
  | { ok: true; data: T }
  | { ok: false; status: number; error: string; issues: string[]; more?: number };

interface Failure {
  status: number;
  error: string;
  issues: string[];
  /** How many issues were left out of `issues` (a bundle lists its first 200). */
  more?: number;
}

/**
 * The one place where a thrown error becomes something a person reads: service errors
 * keep their status and sentence; anything else is logged and answered with a generic
 * 500 sentence, never a stack trace.
 */
function toFailure(error: unknown): Failure {
  if (error instanceof Invalid) return { status: 400, error: error.message, issues: error.issues, ...(error.more > 0 ? { more: error.more } : {}) };
  if (error instanceof ServiceError) return { status: error.status, error: error.message, issues: [] };
  if (error instanceof ZodError) {
    const issues = error.issues.map((issue) => `${issue.path.join(".") || "input"}: ${issue.message}`);
    return { status: 400, error: "Some fields are not valid.", issues };
  }
  console.error(error);
  return { status: 500, error: "Something went wrong on our side. Please try again.", issues: [] };
}

/** Runs a route handler body with the request's context (getCtx inside Next.js); errors become JSON `{ error, issues? }`. */
export async function respond(handle: (ctx: Ctx) => Promise<Response>, ctxOf: () => Promise<Ctx> = getCtx): Promise<Response> {
  try {
    return await handle(await ctxOf());
  } catch (error) {
    unstable_rethrow(error);
    const { status, error: message, issues, more } = toFailure(error);
    return Response.json(issues.length > 0 ? { error: message, issues, ...(more ? { more } : {}) } : { error: message }, { status });
  }
}

/**
 * proxy.ts's forged-request check, for the routes left out of it (the bundle uploads,
 * whose bodies Next.js would hold in memory, and the clinician's save, the hottest
 * route, which skips the proxy's cost): the refusal to answer, or null.
 */
export function refusedApiRequest(request: Pick<Request, "method" | "url" | "headers">): Response | null {
  const refusal = refuseApiRequest({ method: request.method, url: new URL(request.url), headers: request.headers }, process.env.NEXTAUTH_URL);
  return refusal && Response.json({ error: refusal.error }, { status: refusal.status });
}

/** Runs a server action body with the request's context; errors become a failed result. */
export async function act<T>(run: (ctx: Ctx) => Promise<T>): Promise<ActionResult<T>> {
  try {
    return { ok: true, data: await run(await getCtx()) };
  } catch (error) {
    unstable_rethrow(error);
    return { ok: false, ...toFailure(error) };
  }
}
