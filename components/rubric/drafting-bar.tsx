"use client";

import { secondaryButtonClass } from "@/components/ui/styles";

interface Props {
  llm: { configured: boolean; problem: string | null };
  busy: boolean;
  drafting: boolean;
  onModel: () => void;
  onScaffold: () => void;
}

/** Ways to start: a model's seven-criterion draft from the notes, or the empty seven-dimension scaffold. */
export function DraftingBar({ llm, busy, drafting, onModel, onScaffold }: Props) {
  return (
    <section aria-labelledby="drafting-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="drafting-heading" className="font-semibold text-slate-900">
        Start or extend a draft
      </h2>
      <div className="mt-3 flex flex-wrap gap-3">
        <button type="button" className={secondaryButtonClass} disabled={busy || !llm.configured} aria-describedby="drafting-help" onClick={onModel}>
          {drafting ? "Drafting with the model…" : "Draft from notes"}
        </button>
        <button type="button" className={secondaryButtonClass} disabled={busy} onClick={onScaffold}>
          Start from the seven-dimension scaffold
        </button>
      </div>
      <p id="drafting-help" className="mt-2 text-sm text-slate-600">
        {llm.configured
          ? "Draft from notes asks the configured model for seven criteria, one per dimension, and adds them to your draft for you to revise."
          : llm.problem}
      </p>
    </section>
  );
}
