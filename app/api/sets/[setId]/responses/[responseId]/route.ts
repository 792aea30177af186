import { respond } from "@/lib/auth/respond";
import { Invalid } from "@/lib/server/errors";
import { getSetResponse } from "@/lib/server/sets/getSetResponse";

/** GET one response of the set with its dialogue (lead), for reading a split or a disagreement in place. */
export async function GET(_request: Request, { params }: { params: Promise<{ setId: string; responseId: string }> }) {
  return respond(async (ctx) => {
    const { setId, responseId } = await params;
    let id: string;
    try {
      id = decodeURIComponent(responseId);
    } catch {
      throw new Invalid("The response id in the address is not valid.");
    }
    return Response.json(await getSetResponse({ ctx, input: { setId, responseId: id } }), { headers: { "Cache-Control": "no-store" } });
  });
}
