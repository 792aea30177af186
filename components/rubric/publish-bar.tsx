"use client";

import { useState, type FormEvent } from "react";
import { ActionFeedback } from "@/components/admin/action-feedback";
import type { ActionResult } from "@/lib/auth/respond";
import { buttonClass, cardClass, inputClass, labelClass, secondaryButtonClass } from "@/components/ui/styles";

interface Props {
  nextVersion: number;
  hasDraft: boolean;
  busy: boolean;
  publishing: boolean;
  outcome: ActionResult<string> | null;
  onPublish: (changeNote: string) => void;
  onDiscard: () => void;
}

/** Publishing with a change note (the version is then immutable), and discarding the draft after a confirmation. */
export function PublishBar({ nextVersion, hasDraft, busy, publishing, outcome, onPublish, onDiscard }: Props) {
  const [note, setNote] = useState("");
  const [confirming, setConfirming] = useState(false);
  function submit(event: FormEvent) {
    event.preventDefault();
    onPublish(note);
  }
  return (
    <form onSubmit={submit} className={`${cardClass} space-y-3`} aria-labelledby="publish-heading">
      <h2 id="publish-heading" className="text-lg font-semibold text-slate-900">
        Publish
      </h2>
      <p className="text-sm text-slate-600">A published version can never change; calibration sets keep the version they pinned.</p>
      <div>
        <label htmlFor="change-note" className={labelClass}>
          Change note
        </label>
        <input id="change-note" value={note} onChange={(e) => setNote(e.target.value)} required maxLength={1000} className={inputClass} />
      </div>
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={buttonClass} disabled={busy || !hasDraft}>
          {publishing ? "Publishing…" : `Publish version ${nextVersion}`}
        </button>
        {hasDraft && !confirming ? (
          <button type="button" className={secondaryButtonClass} disabled={busy} onClick={() => setConfirming(true)}>
            Discard my draft
          </button>
        ) : null}
        {confirming ? (
          <span className="flex items-center gap-2 text-sm">
            Discard your draft and go back to the latest version?
            <button type="button" className={secondaryButtonClass} onClick={() => { setConfirming(false); onDiscard(); }}>
              Yes, discard it
            </button>
            <button type="button" className={secondaryButtonClass} onClick={() => setConfirming(false)}>
              Keep it
            </button>
          </span>
        ) : null}
      </div>
      {outcome ? <ActionFeedback result={outcome} error={null} success={outcome.ok ? outcome.data : ""} /> : null}
    </form>
  );
}
