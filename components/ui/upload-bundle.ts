import type { ImportResult } from "@/lib/server/bundle/writeBundle";

/** An upload's answer: what was imported, or the refusal with its first problems and how many more. */
export type UploadOutcome = { ok: true; result: ImportResult } | { ok: false; error: string; issues: string[]; more: number };

/** POSTs a bundle file as it is (its bytes, so a line that is not UTF-8 is named by the server). */
export async function uploadBundle(url: string, file: File): Promise<UploadOutcome> {
  const response = await fetch(url, { method: "POST", headers: { "Content-Type": "application/x-ndjson" }, body: file });
  const body = await response.json().catch(() => ({ error: `The server answered ${response.status} without saying why. Nothing was imported.` }));
  return response.ok ? { ok: true, result: body } : { ok: false, error: body.error, issues: body.issues ?? [], more: body.more ?? 0 };
}
