import { respond } from "@/lib/auth/respond";
import { requireRole } from "@/lib/server/guard";
import { exportSetBundle } from "@/lib/server/sets/exportSetBundle";

/** The set's labels as a JSON Lines bundle download (lead). */
export async function GET(_request: Request, { params }: { params: Promise<{ setId: string }> }) {
  return respond(async (ctx) => {
    requireRole(ctx, "lead");
    const { setId } = await params;
    const text = await exportSetBundle({ ctx, input: { setId } });
    return new Response(text, {
      headers: {
        "Content-Type": "application/x-ndjson; charset=utf-8",
        "Content-Disposition": `attachment; filename="calibration-set-${setId}-labels.jsonl"`,
        "Cache-Control": "no-store",
      },
    });
  });
}
