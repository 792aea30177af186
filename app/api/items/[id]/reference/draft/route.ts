import { respond } from "@/lib/auth/respond";
import { requireRole } from "@/lib/server/guard";
import { discardReferenceDraft } from "@/lib/server/authoring/discardReferenceDraft";
import { saveReferenceDraft } from "@/lib/server/authoring/saveReferenceDraft";
import { jsonObject } from "@/lib/server/request";
import { itemIdOf, type ItemRoute } from "../../../request";

/** The reference editor's autosave: `{ baseVersion, text }` (the service parses the body). */
export async function PUT(request: Request, route: ItemRoute) {
  return respond(async (ctx) => {
    requireRole(ctx, "author"); // before the body is read, so strangers get 401/403, not 400
    const input = { ...(await jsonObject(request)), itemId: await itemIdOf(route) };
    return Response.json(await saveReferenceDraft({ ctx, input }));
  });
}

export async function DELETE(_request: Request, route: ItemRoute) {
  return respond(async (ctx) => {
    await discardReferenceDraft({ ctx, input: { itemId: await itemIdOf(route) } });
    return new Response(null, { status: 204 });
  });
}
