import { respond } from "@/lib/auth/respond";
import { getRunProgress } from "@/lib/server/runs/getRunProgress";

/** GET a run's progress per judge or model, polled by the run page (lead). */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  return respond(async (ctx) => Response.json(await getRunProgress({ ctx, input: { runId: (await params).id } }), { headers: { "Cache-Control": "no-store" } }));
}
