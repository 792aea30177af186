import { respond } from "@/lib/auth/respond";
import { leaderboardCsv } from "@/lib/scoring/csv";
import { Invalid, NotFound } from "@/lib/server/errors";
import { getLeaderboard } from "@/lib/server/scoring/getLeaderboard";

/** A grading's leaderboard as CSV (one row per model) or its whole score report as JSON, with the page's filters (leads and authors). */
export async function GET(request: Request, { params }: { params: Promise<{ runId: string }> }) {
  return respond(async (ctx) => {
    const url = new URL(request.url);
    const format = url.searchParams.get("format") ?? "csv";
    if (format !== "csv" && format !== "json") throw new Invalid(`format: must be csv or json, not "${format.slice(0, 20)}"`);
    const input = { runId: (await params).runId, models: url.searchParams.get("models") ?? undefined, subcategory: url.searchParams.get("subcategory") ?? undefined };
    const board = await getLeaderboard({ ctx, input });
    if (!board) throw new NotFound();
    const name = `concord-leaderboard-${board.grading.run.id}${board.filter.subcategory ? `-${board.filter.subcategory}` : ""}`;
    const body = format === "csv" ? leaderboardCsv(board.report) : `${JSON.stringify(board.report, null, 1)}\n`;
    return new Response(body, {
      headers: {
        "Content-Type": format === "csv" ? "text/csv; charset=utf-8" : "application/json; charset=utf-8",
        "Content-Disposition": `attachment; filename="${name}.${format}"`,
        "Cache-Control": "no-store",
      },
    });
  });
}
