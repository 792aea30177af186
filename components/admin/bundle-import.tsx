"use client";

import { useMutation } from "@tanstack/react-query";
import { useRef, type FormEvent } from "react";
import { BundleFileField } from "@/components/ui/bundle-file-field";
import { ApiFailure } from "@/components/ui/api-failure";
import { Notice } from "@/components/ui/notice";
import { buttonClass, cardClass } from "@/components/ui/styles";
import { apiFetch, BUNDLE_TYPE } from "@/lib/http/apiFetch";
import type { ImportResult } from "@/lib/server/bundle/writeBundle";

const KINDS: { key: keyof ImportResult["counts"]; label: string }[] = [
  { key: "items", label: "Items" },
  { key: "rubrics", label: "Rubric versions" },
  { key: "references", label: "Reference responses" },
  { key: "responses", label: "Responses" },
  { key: "labels", label: "Clinician labels" },
  { key: "verdicts", label: "Judge verdicts" },
];

export function BundleImport() {
  const fileInput = useRef<HTMLInputElement>(null);
  const mutation = useMutation({ mutationFn: (file: File) => apiFetch<ImportResult>("/api/bundle/import", { method: "POST", body: file, contentType: BUNDLE_TYPE }) });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const file = fileInput.current?.files?.[0];
    if (file) mutation.mutate(file);
  }

  return (
    <section aria-labelledby="import" className={cardClass}>
      <h2 id="import" className="text-lg font-semibold text-slate-900">
        Import a bundle
      </h2>
      <p className="mt-1 text-slate-600">
        A bundle is imported whole or not at all: if any line has a problem, nothing is written and every problem
        is listed. Importing the same bundle twice changes nothing.
      </p>
      <form onSubmit={submit} className="mt-4 flex flex-wrap items-end gap-4">
        <BundleFileField id="bundle-file" name="bundle" label="Bundle file (.jsonl)" inputRef={fileInput} />
        <button type="submit" disabled={mutation.isPending} className={buttonClass}>
          {mutation.isPending ? "Importing…" : "Import bundle"}
        </button>
      </form>
      <div className="mt-6">
        <ApiFailure error={mutation.error} consequence="Nothing was imported." />
        {mutation.data ? <ImportOutcome result={mutation.data} /> : null}
      </div>
    </section>
  );
}

function ImportOutcome({ result }: { result: ImportResult }) {
  const { counts, ratersAdded, setCliniciansAdded, setsAdded } = result;
  return (
    <div className="space-y-3">
      <Notice tone="success" title="Bundle imported." />
      <table className="w-full max-w-md text-left text-sm">
        <caption className="sr-only">Records imported, by kind</caption>
        <thead>
          <tr className="border-b border-slate-200">
            <th scope="col" className="py-1.5 font-semibold">Kind</th>
            <th scope="col" className="py-1.5 text-right font-semibold">Added</th>
            <th scope="col" className="py-1.5 text-right font-semibold">Already there</th>
          </tr>
        </thead>
        <tbody>
          {KINDS.map(({ key, label }) => (
            <tr key={key} className="border-b border-slate-100">
              <th scope="row" className="py-1.5 font-normal">{label}</th>
              <td className="py-1.5 text-right tabular-nums">{counts[key].added}</td>
              <td className="py-1.5 text-right tabular-nums">{counts[key].unchanged}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {ratersAdded > 0 ? <p className="text-sm text-slate-600">{ratersAdded} new rater(s) were added as people without a login.</p> : null}
      {setsAdded > 0 ? <p className="text-sm text-slate-600">{setsAdded} calibration set(s) were created from the bundle’s set lines.</p> : null}
      {setCliniciansAdded > 0 ? <p className="text-sm text-slate-600">{setCliniciansAdded} calibration-set membership(s) were added for raters who labeled a set’s responses.</p> : null}
    </div>
  );
}
