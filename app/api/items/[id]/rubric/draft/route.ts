import { respond } from "@/lib/auth/respond";
import { discardRubricDraft } from "@/lib/server/authoring/discardRubricDraft";
import { saveRubricDraft } from "@/lib/server/authoring/saveRubricDraft";
import type { SaveRubricDraftInput } from "@/lib/server/authoring/schema";
import { itemIdOf, jsonBody, type ItemRoute } from "../../../request";

/** The rubric editor's autosave: `{ baseVersion, criteria }` (the service parses the body). */
export async function PUT(request: Request, route: ItemRoute) {
  return respond(async (ctx) => {
    const input = { ...(await jsonBody(request)), itemId: await itemIdOf(route) } as SaveRubricDraftInput;
    return Response.json(await saveRubricDraft({ ctx, input }));
  });
}

export async function DELETE(_request: Request, route: ItemRoute) {
  return respond(async (ctx) => {
    await discardRubricDraft({ ctx, input: { itemId: await itemIdOf(route) } });
    return new Response(null, { status: 204 });
  });
}
