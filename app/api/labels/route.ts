import { refusedApiRequest, respond } from "@/lib/auth/respond";
import { readJson } from "@/lib/server/body";
import { requireRole } from "@/lib/server/guard";
import { saveLabel } from "@/lib/server/labeling/saveLabel";

/**
 * PUT one verdict `{ setId, number, criterionId, verdict, rationale?, givenAt }`
 * (clinician). Idempotent: the browser retries it until it gets an answer. Left out of
 * proxy.ts (Next.js passing a request through it costs more than the save itself), so it
 * runs the proxy's forged-request check here.
 */
export async function PUT(request: Request) {
  const refusal = refusedApiRequest(request);
  if (refusal) return refusal;
  return respond(async (ctx) => {
    requireRole(ctx, "clinician");
    const input = await readJson(request);
    return Response.json(await saveLabel({ ctx, input }), { headers: { "Cache-Control": "no-store" } });
  });
}
