import { respond } from "@/lib/auth/respond";
import { listItemVersions } from "@/lib/server/authoring/listItemVersions";
import { itemIdOf, type ItemRoute } from "../../request";

export async function GET(_request: Request, route: ItemRoute) {
  return respond(async (ctx) => Response.json(await listItemVersions({ ctx, input: { itemId: await itemIdOf(route) } })));
}
