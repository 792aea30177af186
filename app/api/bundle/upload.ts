import "server-only";
import { respond } from "@/lib/auth/respond";
import { refuseApiRequest } from "@/lib/security/forgedRequest";
import { withUploadedFile } from "@/lib/server/body";
import { importInWorker } from "@/lib/server/bundle/importInWorker";
import type { ImportJob } from "@/lib/server/bundle/importWorker";
import type { Ctx } from "@/lib/server/context";
import { requireRole } from "@/lib/server/guard";

/**
 * A bundle upload (lead): the body is streamed to a temporary file within
 * CONCORD_BUNDLE_LIMIT_MB (413 past it) and imported on a worker thread, all or
 * nothing. The upload routes are left out of proxy.ts, which would hold the whole body
 * in memory to pass it on, so they run the same forged-request check here.
 */
export async function importUpload(request: Request, job: (ctx: Ctx, file: string) => ImportJob): Promise<Response> {
  const refusal = refuseApiRequest({ method: request.method, url: new URL(request.url), headers: request.headers }, process.env.NEXTAUTH_URL);
  if (refusal) return Response.json({ error: refusal.error }, { status: refusal.status });
  return respond(async (ctx) => {
    // Refuse before reading what may be a large body; the service checks again.
    requireRole(ctx, "lead");
    return Response.json(await withUploadedFile(request, (file) => importInWorker(job(ctx, file))));
  });
}
