"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import type { FormEvent } from "react";
import { createItemAction } from "@/lib/actions/items";
import { ActionFeedback } from "@/components/admin/action-feedback";
import { buttonClass, inputClass, labelClass } from "@/components/ui/styles";
import { AGE_BAND_LABELS, DIRECTNESS_LABELS, INTENT_LABELS, PROGRESSION_STAGES, SPLIT_LABELS, SSH_SUBCATEGORIES } from "@/lib/taxonomy";
import { itemPage } from "./api";

const FIELDS = [
  { name: "subcategory", label: "Subcategory", options: SSH_SUBCATEGORIES.map((s) => [s.slug, s.label]) },
  { name: "stage", label: "Stage", options: PROGRESSION_STAGES.map((s) => [s.slug, s.label]) },
  { name: "age", label: "Age band", options: Object.entries(AGE_BAND_LABELS) },
  { name: "intent", label: "Harm intent", options: Object.entries(INTENT_LABELS) },
  { name: "directness", label: "Signal", options: Object.entries(DIRECTNESS_LABELS) },
  { name: "split", label: "Split", options: Object.entries(SPLIT_LABELS) },
] as const;

/** A new item: its id, metadata and first user turn. The item's page then edits the rest of the dialogue, the rubric and the reference. */
export function NewItemForm() {
  const router = useRouter();
  const create = useMutation({
    mutationFn: createItemAction,
    onSuccess: (result) => result.ok && router.push(itemPage(result.data.itemId)),
  });
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? "");
    create.mutate({
      itemId: value("itemId").trim(),
      subcategory: value("subcategory"),
      stage: value("stage"),
      age: value("age") as "U18" | "O18",
      intent: value("intent") as "borderline" | "explicit",
      directness: value("directness") as "implicit" | "explicit",
      split: value("split") as "public" | "private",
      userTurns: [value("turn").trim()],
      notes: value("notes"),
    });
  }
  return (
    <details className="rounded-lg border border-slate-200 bg-white p-4">
      <summary className="cursor-pointer font-semibold text-slate-900">Create an item</summary>
      <form onSubmit={submit} aria-label="Create an item" className="mt-4 grid gap-4 sm:grid-cols-3">
        <div>
          <label htmlFor="new-item-id" className={labelClass}>
            Item id
          </label>
          <input id="new-item-id" name="itemId" required maxLength={128} pattern="[A-Za-z0-9._:\-]+" aria-describedby="new-item-id-hint" className={inputClass} />
          <p id="new-item-id-hint" className="mt-1 text-xs text-slate-600">
            Letters, digits and . _ : - only; it cannot change later.
          </p>
        </div>
        {FIELDS.map((field) => (
          <div key={field.name}>
            <label htmlFor={`new-item-${field.name}`} className={labelClass}>
              {field.label}
            </label>
            <select id={`new-item-${field.name}`} name={field.name} className={inputClass}>
              {field.options.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
        ))}
        <div className="sm:col-span-3">
          <label htmlFor="new-item-turn" className={labelClass}>
            First user turn
          </label>
          <textarea id="new-item-turn" name="turn" required rows={2} aria-describedby="new-item-turn-hint" className={inputClass} />
          <p id="new-item-turn-hint" className="mt-1 text-xs text-slate-600">
            Add further turns on the item&apos;s page.
          </p>
        </div>
        <div className="sm:col-span-3">
          <label htmlFor="new-item-notes" className={labelClass}>
            Clinical notes (optional)
          </label>
          <textarea id="new-item-notes" name="notes" rows={2} maxLength={5000} className={inputClass} />
        </div>
        <div className="space-y-3 sm:col-span-3">
          <button type="submit" disabled={create.isPending} className={buttonClass}>
            {create.isPending ? "Creating…" : "Create item"}
          </button>
          <ActionFeedback result={create.data?.ok ? undefined : create.data} error={create.error} success="Item created." />
        </div>
      </form>
    </details>
  );
}
