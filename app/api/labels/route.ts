import { respond } from "@/lib/auth/respond";
import { readJson } from "@/lib/server/body";
import { requireRole } from "@/lib/server/guard";
import { saveLabel } from "@/lib/server/labeling/saveLabel";

/**
 * PUT one verdict `{ setId, number, criterionId, verdict, rationale?, givenAt }`
 * (clinician). Idempotent: the browser retries it until it gets an answer.
 */
export async function PUT(request: Request) {
  return respond(async (ctx) => {
    requireRole(ctx, "clinician");
    const input = await readJson(request);
    return Response.json(await saveLabel({ ctx, input }), { headers: { "Cache-Control": "no-store" } });
  });
}
