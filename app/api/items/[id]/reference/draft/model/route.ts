import { respond } from "@/lib/auth/respond";
import { draftReferenceWithModel } from "@/lib/server/authoring/draftReferenceWithModel";
import { itemIdOf, type ItemRoute } from "../../../../request";

/** "Draft reference": a model-drafted reference response becomes the author's draft. */
export async function POST(_request: Request, route: ItemRoute) {
  return respond(async (ctx) => Response.json(await draftReferenceWithModel({ ctx, input: { itemId: await itemIdOf(route) } })));
}
