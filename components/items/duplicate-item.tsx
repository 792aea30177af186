"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import type { FormEvent } from "react";
import { duplicateItemAction } from "@/lib/actions/items";
import { ActionFeedback } from "@/components/admin/action-feedback";
import { inputClass, labelClass, secondaryButtonClass } from "@/components/ui/styles";
import { itemPage } from "./api";

/** Copies the item's metadata, dialogue and notes under a new id, then opens the copy. */
export function DuplicateItem({ itemId }: { itemId: string }) {
  const router = useRouter();
  const duplicate = useMutation({
    mutationFn: duplicateItemAction,
    onSuccess: (result) => result.ok && router.push(itemPage(result.data.itemId)),
  });
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    duplicate.mutate({ itemId, newId: String(new FormData(event.currentTarget).get("newId") ?? "").trim() });
  }
  return (
    <details className="rounded-lg border border-slate-200 bg-white p-4">
      <summary className="cursor-pointer font-semibold text-slate-900">Duplicate this item</summary>
      <p className="mt-2 text-sm text-slate-700">The copy has the same metadata, dialogue and notes, and starts without a rubric or reference.</p>
      <form onSubmit={submit} aria-label="Duplicate this item" className="mt-3 flex flex-wrap items-end gap-3">
        <div className="min-w-64">
          <label htmlFor="duplicate-id" className={labelClass}>
            Id of the copy
          </label>
          <input id="duplicate-id" name="newId" required maxLength={128} defaultValue={`${itemId}-copy`} className={inputClass} />
        </div>
        <button type="submit" disabled={duplicate.isPending} className={secondaryButtonClass}>
          {duplicate.isPending ? "Duplicating…" : "Duplicate"}
        </button>
      </form>
      <div className="mt-3">
        <ActionFeedback result={duplicate.data?.ok ? undefined : duplicate.data} error={duplicate.error} success="Item duplicated." />
      </div>
    </details>
  );
}
