import { respond } from "@/lib/auth/respond";
import { exportStudyResultsCsv } from "@/lib/server/vera/exportStudyResultsCsv";

/** The study's ratings as a VERA-MH results.csv (lead). */
export async function GET(_request: Request, { params }: { params: Promise<{ studyId: string }> }) {
  return respond(async (ctx) => {
    const { studyId } = await params;
    const text = await exportStudyResultsCsv({ ctx, input: { studyId } });
    return new Response(text, {
      headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="study-${studyId}-results.csv"`, "Cache-Control": "no-store" },
    });
  });
}
