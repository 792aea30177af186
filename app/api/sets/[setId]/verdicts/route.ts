import { respond } from "@/lib/auth/respond";
import { requireRole } from "@/lib/server/guard";
import { importSetVerdicts } from "@/lib/server/verdicts/importSetVerdicts";

/** POST a JSON Lines bundle of verdict lines on this set's units (lead). All or nothing: 400 lists every problem. */
export async function POST(request: Request, { params }: { params: Promise<{ setId: string }> }) {
  return respond(async (ctx) => {
    // Refuse before reading what may be a large body; the service checks again.
    requireRole(ctx, "lead");
    return Response.json(await importSetVerdicts({ ctx, input: { setId: (await params).setId, text: await request.text() } }));
  });
}
