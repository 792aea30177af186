import { respond } from "@/lib/auth/respond";
import { requireRole } from "@/lib/server/guard";
import { getItemForEditing } from "@/lib/server/authoring/getItemForEditing";
import { updateItem } from "@/lib/server/authoring/updateItem";
import { jsonObject } from "@/lib/server/request";
import { itemIdOf, type ItemRoute } from "../request";

export async function GET(_request: Request, route: ItemRoute) {
  return respond(async (ctx) => Response.json(await getItemForEditing({ ctx, input: { itemId: await itemIdOf(route) } })));
}

/** Saves the user turns and notes: `{ updatedAt, userTurns, notes }` (the service parses the body). */
export async function PATCH(request: Request, route: ItemRoute) {
  return respond(async (ctx) => {
    requireRole(ctx, "author"); // before the body is read, so strangers get 401/403, not 400
    const input = { ...(await jsonObject(request)), itemId: await itemIdOf(route) };
    return Response.json(await updateItem({ ctx, input }));
  });
}
