import { respond } from "@/lib/auth/respond";
import { getReferenceDiff } from "@/lib/server/authoring/getReferenceDiff";
import { numberParam } from "@/lib/server/request";
import { itemIdOf, type ItemRoute } from "../../../request";

/** `?from=1&to=2`: the word-level diff of two published versions. */
export async function GET(request: Request, route: ItemRoute) {
  return respond(async (ctx) => {
    const input = { itemId: await itemIdOf(route), from: numberParam(request, "from"), to: numberParam(request, "to") };
    return Response.json(await getReferenceDiff({ ctx, input }));
  });
}
