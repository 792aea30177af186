"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useRef, type FormEvent } from "react";
import { BundleFileField } from "@/components/ui/bundle-file-field";
import { ApiFailure } from "@/components/ui/api-failure";
import { Notice } from "@/components/ui/notice";
import { buttonClass } from "@/components/ui/styles";
import { apiFetch, BUNDLE_TYPE } from "@/lib/http/apiFetch";
import type { ImportResult } from "@/lib/server/bundle/writeBundle";

/** Uploads a bundle of verdict lines for one set; the coverage below refreshes when it lands. */
export function VerdictImport({ setId }: { setId: number }) {
  const router = useRouter();
  const file = useRef<HTMLInputElement>(null);
  const mutation = useMutation({
    mutationFn: (upload: File) => apiFetch<ImportResult>(`/api/sets/${setId}/verdicts`, { method: "POST", body: upload, contentType: BUNDLE_TYPE }),
    onSuccess: () => router.refresh(),
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
      <ApiFailure error={mutation.error} consequence="Nothing was imported." />
      {outcome ? (
        <Notice tone="success" title="Verdicts imported.">
          {outcome.counts.verdicts.added} added, {outcome.counts.verdicts.unchanged} already stored (unchanged).
        </Notice>
      ) : null}
    </div>
  );
}
