import "server-only";
import { refusedApiRequest, respond } from "@/lib/auth/respond";
import type { Ctx } from "@/lib/server/context";
import { readJson, type RequestBody } from "@/lib/server/body";
import { requireRole } from "@/lib/server/guard";
import { saveLabel } from "./saveLabel";

/** A save request as both servers hand it over: method, address, headers and body. */
export type SaveRequest = Pick<Request, "method" | "url"> & RequestBody;

/**
 * `PUT /api/labels`: one verdict `{ setId, number, criterionId, verdict, rationale?,
 * givenAt }` (clinician). Idempotent: the browser retries it until it gets an answer.
 * The one implementation of the clinicians' save, for Next.js's route handler
 * (app/api/labels/route.ts, under `next dev`) and for scripts/serve.ts, which answers it
 * ahead of Next.js's request pipeline (most of a save's cost: docs/load.md). Neither
 * passes through proxy.ts, so it runs the proxy's forged-request check itself.
 */
export async function saveRoute(request: SaveRequest, ctxOf: () => Promise<Ctx>): Promise<Response> {
  const refusal = refusedApiRequest(request);
  if (refusal) return refusal;
  return respond(async (ctx) => {
    requireRole(ctx, "clinician");
    const input = await readJson(request);
    return Response.json(await saveLabel({ ctx, input }), { headers: { "Cache-Control": "no-store" } });
  }, ctxOf);
}
