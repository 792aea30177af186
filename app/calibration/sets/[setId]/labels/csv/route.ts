import { respond } from "@/lib/auth/respond";
import { requireRole } from "@/lib/server/guard";
import { exportSetCsv } from "@/lib/server/sets/exportSetCsv";

/** The set's labels as CSV, one row per label with the unit's consensus (lead). */
export async function GET(_request: Request, { params }: { params: Promise<{ setId: string }> }) {
  return respond(async (ctx) => {
    requireRole(ctx, "lead");
    const { setId } = await params;
    const text = await exportSetCsv({ ctx, input: { setId } });
    return new Response(text, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="calibration-set-${setId}-labels.csv"`,
        "Cache-Control": "no-store",
      },
    });
  });
}
