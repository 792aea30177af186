import { respond } from "@/lib/auth/respond";
import { getFreezeRecord } from "@/lib/server/freeze/getFreezeRecord";

/** The frozen-panel record as a JSON file (lead): what `concord verify-freeze` checks. */
export async function GET(_request: Request, { params }: { params: Promise<{ freezeId: string }> }) {
  return respond(async (ctx) => {
    const { record } = await getFreezeRecord({ ctx, input: { id: (await params).freezeId } });
    return new Response(`${JSON.stringify(record, null, 2)}\n`, {
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": `attachment; filename="concord-frozen-panel-${record.id}.json"`,
        "Cache-Control": "no-store",
      },
    });
  });
}
