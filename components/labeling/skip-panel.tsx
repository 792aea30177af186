"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import type { FormEvent } from "react";
import { ActionFeedback } from "@/components/admin/action-feedback";
import { callApi } from "@/lib/http/apiFetch";
import { Notice } from "@/components/ui/notice";
import { inputClass, labelClass, secondaryButtonClass } from "@/components/ui/styles";
import { SKIP_REASON_LABELS, type SkipReason } from "@/lib/labeling/skips";
import type { SkipState } from "@/lib/server/labeling/skipResponse";

interface Props {
  setId: number;
  number: number;
  skip: SkipState | null;
  readOnly: boolean;
  /** Where "skip and go on" leads: the next response, or the queue after the last. */
  nextHref: string;
}

/** "I can't judge this": skip the response with a reason, or take a skip back. A skip is not a verdict. */
export function SkipPanel({ setId, number, skip, readOnly, nextHref }: Props) {
  const router = useRouter();
  const save = useMutation({
    mutationFn: (next: SkipState | null) => callApi<{ skip: SkipState | null }>("PUT", "/api/labels/skip", { setId, number, skip: next }),
    onSuccess: (result) => {
      if (!result.ok) return;
      if (result.data.skip) router.push(nextHref);
      else router.refresh();
    },
  });
  const failed = save.data && !save.data.ok ? save.data : undefined;

  if (skip) {
    return (
      <Notice tone="info" title="You skipped this response">
        <p>
          {SKIP_REASON_LABELS[skip.reason]}.{skip.comment ? ` “${skip.comment}”` : ""} It is counted apart from your verdicts; only the lead sees
          it, never the other clinicians.
        </p>
        {readOnly ? null : (
          <button type="button" className={`${secondaryButtonClass} mt-2`} disabled={save.isPending} onClick={() => save.mutate(null)}>
            Take the skip back and label it
          </button>
        )}
        <ActionFeedback result={failed} error={save.error} success="" />
      </Notice>
    );
  }
  if (readOnly) return null;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    save.mutate({ reason: String(form.get("reason")) as SkipReason, comment: String(form.get("comment") ?? "").trim() || null });
  }
  return (
    <details className="rounded-lg border border-slate-200 bg-white px-4 py-3">
      <summary className="cursor-pointer text-sm font-semibold text-slate-800">I can&apos;t judge this response…</summary>
      <form onSubmit={submit} aria-label="Skip this response" className="mt-3 space-y-3">
        <fieldset>
          <legend className={labelClass}>Why are you skipping it?</legend>
          {Object.entries(SKIP_REASON_LABELS).map(([value, label], i) => (
            <label key={value} className="flex items-center gap-2 text-sm text-slate-800">
              <input type="radio" name="reason" value={value} defaultChecked={i === 0} />
              {label}
            </label>
          ))}
        </fieldset>
        <div>
          <label htmlFor="skip-comment" className={labelClass}>
            Comment for the lead (optional)
          </label>
          <textarea id="skip-comment" name="comment" rows={2} maxLength={500} className={inputClass} />
        </div>
        <p className="text-sm text-slate-600">
          A skip is not a verdict: the lead sees it apart from the labels, and no other clinician sees it. If this response stayed with you, take a
          break; <em>Support for you</em> is at the top of every page.
        </p>
        <button type="submit" className={secondaryButtonClass} disabled={save.isPending}>
          {save.isPending ? "Skipping…" : "Skip it and go on"}
        </button>
        <ActionFeedback result={failed} error={save.error} success="" />
      </form>
    </details>
  );
}
