import { respond } from "@/lib/auth/respond";
import { importBundle } from "@/lib/server/bundle/importBundle";
import { requireRole } from "@/lib/server/guard";

/** POST a JSON Lines bundle as the request body (lead). All or nothing: 400 lists every problem. */
export async function POST(request: Request) {
  return respond(async (ctx) => {
    // Refuse before reading what may be a large body; the service checks again.
    requireRole(ctx, "lead");
    return Response.json(await importBundle({ ctx, input: { text: await request.text() } }));
  });
}
