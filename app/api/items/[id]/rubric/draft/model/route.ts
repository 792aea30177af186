import { respond } from "@/lib/auth/respond";
import { draftRubricWithModel } from "@/lib/server/authoring/draftRubricWithModel";
import { itemIdOf, type ItemRoute } from "../../../../request";

/** "Draft from notes": the model's seven criteria, added to the author's draft. */
export async function POST(_request: Request, route: ItemRoute) {
  return respond(async (ctx) => Response.json(await draftRubricWithModel({ ctx, input: { itemId: await itemIdOf(route) } })));
}
