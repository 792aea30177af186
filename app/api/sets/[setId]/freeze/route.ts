import { respond } from "@/lib/auth/respond";
import { requireRole } from "@/lib/server/guard";
import { freezePanel } from "@/lib/server/freeze/freezePanel";
import { listFreezes } from "@/lib/server/freeze/listFreezes";
import { jsonObject } from "@/lib/server/request";

/** GET the set's freeze history, oldest first (lead). */
export async function GET(_request: Request, { params }: { params: Promise<{ setId: string }> }) {
  return respond(async (ctx) => Response.json(await listFreezes({ ctx, input: { setId: (await params).setId } }), { headers: { "Cache-Control": "no-store" } }));
}

/** POST a freeze (lead): `{ judges, selection, fingerprint, rationale, supersedes?: { id, reason } }`. 409 when it must name what it supersedes. */
export async function POST(request: Request, { params }: { params: Promise<{ setId: string }> }) {
  return respond(async (ctx) => {
    requireRole(ctx, "lead");
    const input = { ...(await jsonObject(request)), setId: (await params).setId };
    return Response.json(await freezePanel({ ctx, input }), { status: 201 });
  });
}
