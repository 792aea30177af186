import { respond } from "@/lib/auth/respond";
import { requireRole } from "@/lib/server/guard";
import { publishReferenceVersion } from "@/lib/server/authoring/publishReferenceVersion";
import { jsonObject } from "@/lib/server/request";
import { itemIdOf, type ItemRoute } from "../../../request";

/** Publishes the author's draft: `{ changeNote }`; 409 when someone published since it started. */
export async function POST(request: Request, route: ItemRoute) {
  return respond(async (ctx) => {
    requireRole(ctx, "author"); // before the body is read, so strangers get 401/403, not 400
    const input = { ...(await jsonObject(request)), itemId: await itemIdOf(route) };
    return Response.json(await publishReferenceVersion({ ctx, input }), { status: 201 });
  });
}
