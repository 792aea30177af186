import { respond } from "@/lib/auth/respond";
import { getFreezeSnapshot } from "@/lib/server/freeze/getFreezeSnapshot";

/** The kept snapshot of a freeze's inputs as a bundle file (lead): what `concord verify-freeze` checks the record against forever. */
export async function GET(_request: Request, { params }: { params: Promise<{ freezeId: string }> }) {
  return respond(async (ctx) => {
    const { id, bundle } = await getFreezeSnapshot({ ctx, input: { id: (await params).freezeId } });
    return new Response(bundle, {
      headers: {
        "Content-Type": "application/x-ndjson; charset=utf-8",
        "Content-Disposition": `attachment; filename="concord-frozen-panel-${id}-inputs.jsonl"`,
        "Cache-Control": "no-store",
      },
    });
  });
}
