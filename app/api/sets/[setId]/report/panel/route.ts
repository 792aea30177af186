import { respond } from "@/lib/auth/respond";
import { getPanelDetail } from "@/lib/server/reports/getPanelDetail";
import { queryOf } from "@/lib/server/request";

/** GET one panel's detail (lead): ?judges=judge-01,judge-07,judge-08&selection=all|holdout&minCoverage=0.95. */
export async function GET(request: Request, { params }: { params: Promise<{ setId: string }> }) {
  return respond(async (ctx) => {
    const input = { judges: "", ...queryOf(request, ["judges", "selection", "minCoverage"]), setId: (await params).setId };
    return Response.json(await getPanelDetail({ ctx, input }), { headers: { "Cache-Control": "no-store" } });
  });
}
