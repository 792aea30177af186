import { respond } from "@/lib/auth/respond";
import { exportStudyJson } from "@/lib/server/vera/exportStudyJson";

/** The study's figures as JSON (lead). */
export async function GET(_request: Request, { params }: { params: Promise<{ studyId: string }> }) {
  return respond(async (ctx) => {
    const { studyId } = await params;
    const json = await exportStudyJson({ ctx, input: { studyId } });
    return new Response(`${JSON.stringify(json, null, 1)}\n`, {
      headers: { "Content-Type": "application/json; charset=utf-8", "Content-Disposition": `attachment; filename="study-${studyId}-scores.json"`, "Cache-Control": "no-store" },
    });
  });
}
