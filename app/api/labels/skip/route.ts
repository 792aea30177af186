import { respond } from "@/lib/auth/respond";
import { readJson } from "@/lib/server/body";
import { requireRole } from "@/lib/server/guard";
import { skipResponse } from "@/lib/server/labeling/skipResponse";

/** PUT `{ setId, number, skip: { reason, comment? } | null }` (clinician): skip a response of one's queue, or take the skip back. */
export async function PUT(request: Request) {
  return respond(async (ctx) => {
    requireRole(ctx, "clinician");
    const input = await readJson(request);
    return Response.json({ skip: await skipResponse({ ctx, input }) }, { headers: { "Cache-Control": "no-store" } });
  });
}
