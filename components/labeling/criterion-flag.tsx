"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { ActionFeedback } from "@/components/admin/action-feedback";
import { callApi } from "@/lib/http/apiFetch";
import { inputClass, labelClass, secondaryButtonClass } from "@/components/ui/styles";
import { FLAG_COMMENT_MAX } from "@/lib/server/labeling/schema";

interface Props {
  setId: number;
  number: number;
  criterionId: string;
  base: string;
  flag: string | null;
  readOnly: boolean;
}

/** Flag a criterion as ambiguous with a comment for its authors (not a verdict), or take the flag back. */
export function CriterionFlag({ setId, number, criterionId, base, flag, readOnly }: Props) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const save = useMutation({
    mutationFn: (comment: string | null) => callApi<{ comment: string | null }>("PUT", "/api/labels/flag", { setId, number, criterionId, comment }),
    onSuccess: (result) => {
      if (!result.ok) return;
      setOpen(false);
      router.refresh();
    },
  });
  const failed = save.data && !save.data.ok ? save.data : undefined;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save.mutate(String(new FormData(event.currentTarget).get("comment") ?? "").trim());
  }
  return (
    <div className="mt-2 text-sm">
      {flag ? (
        <p className="text-amber-900">
          <span className="font-medium">You flagged this criterion as ambiguous:</span> “{flag}”{" "}
          {readOnly ? null : (
            <button type="button" disabled={save.isPending} onClick={() => save.mutate(null)} className="font-medium text-accent-strong underline underline-offset-2">
              Remove the flag
            </button>
          )}
        </p>
      ) : readOnly ? null : open ? (
        <form onSubmit={submit} aria-label="Flag this criterion as ambiguous" className="space-y-2">
          <label htmlFor={`${base}-flag`} className={labelClass}>
            What is ambiguous about this criterion?
          </label>
          <textarea id={`${base}-flag`} name="comment" required rows={2} maxLength={FLAG_COMMENT_MAX} autoFocus className={inputClass} />
          <div className="flex gap-2">
            <button type="submit" className={secondaryButtonClass} disabled={save.isPending}>
              Save the flag
            </button>
            <button type="button" className={secondaryButtonClass} onClick={() => setOpen(false)}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <button type="button" onClick={() => setOpen(true)} className="font-medium text-slate-700 underline underline-offset-2">
          Flag as ambiguous
        </button>
      )}
      <ActionFeedback result={failed} error={save.error} success="" />
    </div>
  );
}
