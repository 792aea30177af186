"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import type { FormEvent } from "react";
import { ActionFeedback } from "@/components/admin/action-feedback";
import { inputClass, secondaryButtonClass } from "@/components/ui/styles";
import { setDescribedFamilyAction } from "@/lib/actions/runs-config";
import type { Described } from "@/lib/server/models/listDescribed";
import { text } from "./fields";

function FamilyRow({ kind, row }: { kind: "model" | "judge"; row: Described }) {
  const router = useRouter();
  const save = useMutation({
    mutationFn: setDescribedFamilyAction,
    onSuccess: (result) => {
      if (result.ok) router.refresh();
    },
  });
  const id = `family-${kind}-${row.id}`;
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save.mutate({ kind, id: row.id, family: text(new FormData(event.currentTarget), "family") });
  }
  return (
    <li className="py-3">
      <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={id} className="block text-sm font-medium text-slate-900">
            {row.id} <span className="font-normal text-slate-600">({row.count.toLocaleString("en")} {kind === "model" ? "responses" : "verdicts"})</span>
          </label>
          <input id={id} name="family" defaultValue={row.family ?? ""} placeholder="not set" autoComplete="off" className={`${inputClass} max-w-xs`} />
        </div>
        <button type="submit" disabled={save.isPending} className={secondaryButtonClass}>
          Save family
        </button>
      </form>
      <div className="mt-2">
        <ActionFeedback result={save.data} error={save.error} success={`Family of ${row.id} saved.`} />
      </div>
    </li>
  );
}

/** Provider families of the models or judges Concord does not run itself (imported), for the same-family check. */
export function DescribedFamilies({ kind, rows }: { kind: "model" | "judge"; rows: Described[] }) {
  const heading = `families-${kind}`;
  return (
    <section aria-labelledby={heading} className="mt-10">
      <h2 id={heading} className="text-lg font-semibold text-slate-900">
        Imported {kind === "model" ? "models" : "judges"}: provider families
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {kind === "model" ? "Models whose responses were imported" : "Judges whose verdicts were imported"} (or that a bundle&apos;s <code>{kind}</code> line
        describes) but that Concord does not run. Their family drives the leaderboard&apos;s same-family check; an empty field clears it.
      </p>
      {rows.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">None.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100">
          {rows.map((row) => (
            <FamilyRow key={row.id} kind={kind} row={row} />
          ))}
        </ul>
      )}
    </section>
  );
}
