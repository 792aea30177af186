import { respond } from "@/lib/auth/respond";
import { getReport } from "@/lib/server/reports/getReport";
import { queryOf } from "@/lib/server/request";

/** GET the set's calibration report (lead): ?selection=all|holdout&panelSize=3&minCoverage=0.95. Computed on demand, cached by fingerprint. */
export async function GET(request: Request, { params }: { params: Promise<{ setId: string }> }) {
  return respond(async (ctx) => {
    const report = await getReport({ ctx, input: { setId: (await params).setId, ...queryOf(request, ["selection", "panelSize", "minCoverage"]) } });
    return Response.json(report, { headers: { "Cache-Control": "no-store" } });
  });
}
