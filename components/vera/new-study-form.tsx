"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { ActionFeedback } from "@/components/admin/action-feedback";
import { Notice } from "@/components/ui/notice";
import { buttonClass, cardClass, inputClass, labelClass } from "@/components/ui/styles";
import { createStudyAction } from "@/lib/actions/vera";
import { VersionSelect } from "./version-select";
import type { ActionResult } from "@/lib/auth/respond";

interface Props {
  rubrics: { id: number; name: string; version: number }[];
  conversations: { id: string; fileName: string; providerModel: string | null; riskLevel: string | null }[];
  clinicians: { id: string; name: string }[];
}

function Checkboxes({ legend, name, options }: { legend: string; name: string; options: { value: string; label: string }[] }) {
  return (
    <fieldset>
      <legend className={labelClass}>{legend}</legend>
      <ul className="max-h-64 space-y-1 overflow-y-auto rounded-md border border-slate-200 p-3 text-sm">
        {options.map((o) => (
          <li key={o.value}>
            <label className="flex items-center gap-2">
              <input type="checkbox" name={name} value={o.value} defaultChecked={name === "conversationIds"} /> {o.label}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/** Creates a study: a flow rubric version, conversations, direct or guided rating, and the clinicians' pool. */
export function NewStudyForm({ rubrics, conversations, clinicians }: Props) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [result, setResult] = useState<ActionResult<{ id: number }>>();
  if (rubrics.length === 0 || conversations.length === 0) {
    return <Notice tone="info">Import a flow rubric and some conversations first.</Notice>;
  }
  const submit = (data: FormData) =>
    start(async () => {
      const answer = await createStudyAction({
        name: data.get("name"),
        rubricId: data.get("rubricId"),
        mode: data.get("mode"),
        conversationIds: data.getAll("conversationIds"),
        clinicianIds: data.getAll("clinicianIds"),
        perConversation: data.get("perConversation"),
        seed: data.get("seed"),
      });
      if (answer.ok) router.push(`/studies/${answer.data.id}`);
      else setResult(answer);
    });
  return (
    <section aria-labelledby="new-study" className={cardClass}>
      <h2 id="new-study" className="text-lg font-semibold text-slate-900">
        Create a study
      </h2>
      <form action={submit} className="mt-4 grid gap-4 md:grid-cols-2">
        <div>
          <label htmlFor="study-name" className={labelClass}>
            Name
          </label>
          <input id="study-name" name="name" required className={inputClass} />
        </div>
        <VersionSelect id="study-rubric" name="rubricId" label="Flow rubric" rubrics={rubrics} value={String(rubrics.at(-1)?.id ?? "")} />
        <fieldset>
          <legend className={labelClass}>Mode</legend>
          <label className="mr-4 inline-flex items-center gap-2 text-sm">
            <input type="radio" name="mode" value="direct" defaultChecked /> Direct: each dimension rated with the four ratings
          </label>
          <label className="inline-flex items-center gap-2 text-sm">
            <input type="radio" name="mode" value="guided" /> Guided: the rubric&apos;s questions one at a time
          </label>
        </fieldset>
        <div className="grid grid-cols-2 gap-4">
          <div>
            <label htmlFor="study-per" className={labelClass}>
              Clinicians per conversation
            </label>
            <input id="study-per" name="perConversation" type="number" min={1} max={20} defaultValue={3} className={inputClass} />
          </div>
          <div>
            <label htmlFor="study-seed" className={labelClass}>
              Seed
            </label>
            <input id="study-seed" name="seed" type="number" min={0} defaultValue={20260714} className={inputClass} />
          </div>
        </div>
        <Checkboxes
          legend="Conversations"
          name="conversationIds"
          options={conversations.map((c) => ({ value: c.id, label: `${c.fileName}${c.providerModel ? ` · ${c.providerModel}` : ""}${c.riskLevel ? ` · risk ${c.riskLevel}` : ""}` }))}
        />
        <Checkboxes legend="Clinicians (the pool)" name="clinicianIds" options={clinicians.map((c) => ({ value: c.id, label: c.name }))} />
        <div className="md:col-span-2">
          <button type="submit" disabled={pending} className={buttonClass}>
            {pending ? "Creating…" : "Create the study"}
          </button>
        </div>
      </form>
      <div className="mt-4">
        <ActionFeedback result={result} error={null} success="Study created." />
      </div>
    </section>
  );
}
