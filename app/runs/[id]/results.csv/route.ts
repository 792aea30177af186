import { respond } from "@/lib/auth/respond";
import { exportFlowResultsCsv } from "@/lib/server/runs/exportFlowResultsCsv";

/** A flow judge run's ratings as a VERA-MH results.csv (lead). */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  return respond(async (ctx) => {
    const { id } = await params;
    const text = await exportFlowResultsCsv({ ctx, input: { runId: id } });
    return new Response(text, {
      headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="run-${id}-results.csv"`, "Cache-Control": "no-store" },
    });
  });
}
