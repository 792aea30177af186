"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useRef, type FormEvent } from "react";
import { BundleFileField } from "@/components/ui/bundle-file-field";
import { Notice } from "@/components/ui/notice";
import { buttonClass } from "@/components/ui/styles";
import type { ImportResult } from "@/lib/server/bundle/writeBundle";

type Outcome = { ok: true; result: ImportResult } | { ok: false; error: string; issues: string[] };

/** Uploads a bundle of verdict lines for one set; the coverage below refreshes when it lands. */
export function VerdictImport({ setId }: { setId: number }) {
  const router = useRouter();
  const file = useRef<HTMLInputElement>(null);
  const mutation = useMutation({
    mutationFn: async (upload: File): Promise<Outcome> => {
      const response = await fetch(`/api/sets/${setId}/verdicts`, { method: "POST", headers: { "Content-Type": "application/x-ndjson" }, body: await upload.text() });
      const body = await response.json().catch(() => ({ error: `The server answered ${response.status}.` }));
      return response.ok ? { ok: true, result: body } : { ok: false, error: body.error, issues: body.issues ?? [] };
    },
    onSuccess: (outcome) => {
      if (outcome.ok) router.refresh();
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const chosen = file.current?.files?.[0];
    if (chosen) mutation.mutate(chosen);
  }

  const outcome = mutation.data;
  return (
    <div className="space-y-4">
      <form onSubmit={submit} className="flex flex-wrap items-end gap-4">
        <BundleFileField id="verdict-file" label="Verdict bundle (.jsonl)" inputRef={file} />
        <button type="submit" disabled={mutation.isPending} className={buttonClass}>
          {mutation.isPending ? "Importing…" : "Import verdicts"}
        </button>
      </form>
      {mutation.isError ? <Notice tone="error">Could not reach the server. Nothing was imported; try again.</Notice> : null}
      {outcome?.ok ? (
        <Notice tone="success" title="Verdicts imported.">
          {outcome.result.counts.verdicts.added} added, {outcome.result.counts.verdicts.unchanged} already stored (unchanged).
        </Notice>
      ) : null}
      {outcome && !outcome.ok ? (
        <div className="space-y-3">
          <Notice tone="error" title={outcome.error}>Nothing was imported.</Notice>
          {outcome.issues.length > 0 ? (
            <ul aria-label="Problems in the bundle" className="max-h-72 overflow-auto rounded-md border border-red-200 bg-white p-3 font-mono text-sm text-red-900">
              {outcome.issues.slice(0, 200).map((issue) => (
                <li key={issue}>{issue}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
