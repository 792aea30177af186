import { respond } from "@/lib/auth/respond";
import { getPanelDetail, type PanelParams } from "@/lib/server/panels/getPanelDetail";
import { queryOf } from "@/lib/server/panels/request";

/** GET one panel's detail (lead): ?judges=judge-01,judge-07,judge-08&selection=all|holdout. */
export async function GET(request: Request, { params }: { params: Promise<{ setId: string }> }) {
  return respond(async (ctx) => {
    const { judges = "", selection } = queryOf(request, ["judges", "selection"]);
    const input = { setId: (await params).setId, judges, selection } as PanelParams;
    return Response.json(await getPanelDetail({ ctx, input }), { headers: { "Cache-Control": "no-store" } });
  });
}
