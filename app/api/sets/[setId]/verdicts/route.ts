import { importUpload } from "@/app/api/bundle/upload";

/** POST a JSON Lines bundle of verdict lines on this set's units (lead). All or nothing: 400 lists the first 200 problems and counts the rest. */
export async function POST(request: Request, { params }: { params: Promise<{ setId: string }> }) {
  const { setId } = await params;
  return importUpload(request, (ctx, file) => ({ kind: "setVerdicts", ctx, input: { setId, file } }));
}
