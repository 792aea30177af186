"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useRef, type FormEvent } from "react";
import { BundleFileField } from "@/components/ui/bundle-file-field";
import { IssueList } from "@/components/ui/issue-list";
import { Notice } from "@/components/ui/notice";
import { buttonClass } from "@/components/ui/styles";
import { uploadBundle } from "@/components/ui/upload-bundle";

/** Uploads a bundle of verdict lines for one set; the coverage below refreshes when it lands. */
export function VerdictImport({ setId }: { setId: number }) {
  const router = useRouter();
  const file = useRef<HTMLInputElement>(null);
  const mutation = useMutation({
    mutationFn: (upload: File) => uploadBundle(`/api/sets/${setId}/verdicts`, upload),
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
          <IssueList issues={outcome.issues} more={outcome.more} />
        </div>
      ) : null}
    </div>
  );
}
