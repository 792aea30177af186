import { respond } from "@/lib/auth/respond";
import { requireRole } from "@/lib/server/guard";
import { discardRubricDraft } from "@/lib/server/authoring/discardRubricDraft";
import { saveRubricDraft } from "@/lib/server/authoring/saveRubricDraft";
import { jsonObject } from "@/lib/server/request";
import { itemIdOf, type ItemRoute } from "../../../request";

/** The rubric editor's autosave: `{ baseVersion, criteria }` (the service parses the body). */
export async function PUT(request: Request, route: ItemRoute) {
  return respond(async (ctx) => {
    requireRole(ctx, "author"); // before the body is read, so strangers get 401/403, not 400
    const input = { ...(await jsonObject(request)), itemId: await itemIdOf(route) };
    return Response.json(await saveRubricDraft({ ctx, input }));
  });
}

export async function DELETE(_request: Request, route: ItemRoute) {
  return respond(async (ctx) => {
    await discardRubricDraft({ ctx, input: { itemId: await itemIdOf(route) } });
    return new Response(null, { status: 204 });
  });
}
