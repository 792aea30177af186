import { respond } from "@/lib/auth/respond";
import { readJson } from "@/lib/server/body";
import { requireRole } from "@/lib/server/guard";
import { flagCriterion } from "@/lib/server/labeling/flagCriterion";

/** PUT `{ setId, number, criterionId, comment | null }` (clinician): flag a criterion as ambiguous, or take the flag back. */
export async function PUT(request: Request) {
  return respond(async (ctx) => {
    requireRole(ctx, "clinician");
    const input = await readJson(request);
    return Response.json(await flagCriterion({ ctx, input }), { headers: { "Cache-Control": "no-store" } });
  });
}
