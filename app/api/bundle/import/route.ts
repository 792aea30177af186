import { importUpload } from "../upload";

/** POST a JSON Lines bundle as the request body (lead). All or nothing: 400 lists the first 200 problems and counts the rest. */
export async function POST(request: Request) {
  return importUpload(request, (ctx, file) => ({ kind: "bundle", ctx, input: { file } }));
}
