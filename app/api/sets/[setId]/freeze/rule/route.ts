import { respond } from "@/lib/auth/respond";
import { requireRole } from "@/lib/server/guard";
import { getSelectionRule } from "@/lib/server/freeze/getSelectionRule";
import { recordSelectionRule } from "@/lib/server/freeze/recordSelectionRule";
import { jsonObject } from "@/lib/server/request";

/** GET the set's pre-registered selection rule, or null (lead). */
export async function GET(_request: Request, { params }: { params: Promise<{ setId: string }> }) {
  return respond(async (ctx) => Response.json(await getSelectionRule({ ctx, input: { setId: (await params).setId } })));
}

/** POST `{ rule: { panel_size, selection, within_top, note? } }` to pre-register the selection rule, once (lead). */
export async function POST(request: Request, { params }: { params: Promise<{ setId: string }> }) {
  return respond(async (ctx) => {
    requireRole(ctx, "lead");
    const input = { ...(await jsonObject(request)), setId: (await params).setId };
    return Response.json(await recordSelectionRule({ ctx, input }), { status: 201 });
  });
}
