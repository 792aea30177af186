import "server-only";
import { refusedApiRequest, respond } from "@/lib/auth/respond";
import { withUploadedFile } from "@/lib/server/body";
import { importInWorker } from "@/lib/server/bundle/importInWorker";
import type { ImportJob } from "@/lib/server/bundle/importWorker";
import type { Ctx } from "@/lib/server/context";
import { requireRole } from "@/lib/server/guard";

/**
 * A bundle upload (lead): the body is streamed to a temporary file within
 * CONCORD_BUNDLE_LIMIT_MB (413 past it) and imported in a worker process, all or
 * nothing. The upload routes are left out of proxy.ts, which would hold the whole body
 * in memory to pass it on, so they run the same forged-request check here.
 */
export async function importUpload(request: Request, job: (ctx: Ctx, file: string) => ImportJob): Promise<Response> {
  const refusal = refusedApiRequest(request);
  if (refusal) return refusal;
  return respond(async (ctx) => {
    // Refuse before reading what may be a large body; the service checks again.
    requireRole(ctx, "lead");
    return Response.json(await withUploadedFile(request, (file) => importInWorker(job(ctx, file))));
  });
}
