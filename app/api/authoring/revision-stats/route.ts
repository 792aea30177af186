import { respond } from "@/lib/auth/respond";
import { revisionStatsCsv } from "@/lib/rubric/revisionStats";
import { getRevisionStats } from "@/lib/server/authoring/getRevisionStats";

/** The corpus revision statistics as JSON, or `?format=csv` as a CSV download. */
export async function GET(request: Request) {
  return respond(async (ctx) => {
    const { stats, undraftedItems } = await getRevisionStats({ ctx });
    if (new URL(request.url).searchParams.get("format") !== "csv") return Response.json({ stats, undraftedItems });
    const date = new Date().toISOString().slice(0, 10);
    return new Response(revisionStatsCsv(stats), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="concord-revision-stats-${date}.csv"`,
        "Cache-Control": "no-store",
      },
    });
  });
}
