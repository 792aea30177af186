import { respond } from "@/lib/auth/respond";
import { searchItems } from "@/lib/server/authoring/searchItems";

/** The item browser's search: every filter is a query parameter (see SearchItemsInput). */
export async function GET(request: Request) {
  return respond(async (ctx) => {
    const params = Object.fromEntries([...new URL(request.url).searchParams].filter(([, value]) => value !== ""));
    return Response.json(await searchItems({ ctx, input: params }));
  });
}
