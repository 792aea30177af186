import { respond } from "@/lib/auth/respond";
import { getCoverage } from "@/lib/server/reports/getCoverage";

/** GET each judge's verdict coverage of the set's units, and the units no judge covers (lead). */
export async function GET(_request: Request, { params }: { params: Promise<{ setId: string }> }) {
  return respond(async (ctx) => Response.json(await getCoverage({ ctx, input: { setId: (await params).setId } }), { headers: { "Cache-Control": "no-store" } }));
}
