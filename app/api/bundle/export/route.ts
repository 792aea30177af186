import { respond } from "@/lib/auth/respond";
import { exportBundle } from "@/lib/server/bundle/exportBundle";
import { requireRole } from "@/lib/server/guard";

/** The whole database as a JSON Lines bundle download (lead). */
export async function GET() {
  return respond(async (ctx) => {
    requireRole(ctx, "lead");
    const text = await exportBundle({ ctx });
    const date = new Date().toISOString().slice(0, 10);
    return new Response(text, {
      headers: {
        "Content-Type": "application/x-ndjson; charset=utf-8",
        "Content-Disposition": `attachment; filename="concord-${date}.jsonl"`,
        "Cache-Control": "no-store",
      },
    });
  });
}
