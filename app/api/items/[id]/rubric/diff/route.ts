import { respond } from "@/lib/auth/respond";
import { getRubricDiff } from "@/lib/server/authoring/getRubricDiff";
import { numberParam } from "@/lib/server/request";
import { itemIdOf, type ItemRoute } from "../../../request";

/** `?from=1&to=2`: the per-criterion diff of two published versions. */
export async function GET(request: Request, route: ItemRoute) {
  return respond(async (ctx) => {
    const input = { itemId: await itemIdOf(route), from: numberParam(request, "from"), to: numberParam(request, "to") };
    return Response.json(await getRubricDiff({ ctx, input }));
  });
}
