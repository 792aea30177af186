"use client";

import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { itemApi } from "@/components/items/api";
import type { ActionResult } from "@/lib/auth/respond";
import { callApi } from "@/lib/http/apiFetch";
import { formatTime } from "@/components/items/format";
import { useItemForEditing } from "@/components/items/use-item-for-editing";
import { PublishBar } from "./publish-bar";
import { SaveStatusLine } from "./save-status";
import { useAutosave } from "./use-autosave";
import { Notice } from "@/components/ui/notice";
import { inputClass, labelClass, secondaryButtonClass } from "@/components/ui/styles";
import type { ItemForEditing } from "@/lib/server/authoring/getItemForEditing";
import type { ReferenceVersionView } from "@/lib/server/authoring/references";
import { REFERENCE_TEXT_MAX } from "@/lib/server/authoring/schema";
import { ReferenceConflict } from "./reference-conflict";

/** The reference response editor: autosaved draft, drafting with a model from the rubric, publishing. */
export function ReferenceEditor({ initial }: { initial: ItemForEditing }) {
  const { data, refetch } = useItemForEditing(initial);
  const itemId = data.item.id;
  const { latest, draft, otherDrafts } = data.reference;
  const [text, setText] = useState(initial.reference.draft?.text ?? initial.reference.latest?.text ?? "");
  const [baseVersion, setBaseVersion] = useState(initial.reference.draft ? initial.reference.draft.baseVersion : (initial.reference.latest?.version ?? null));
  const [edits, setEdits] = useState(0);
  const [draftExists, setDraftExists] = useState(initial.reference.draft !== null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [confirmReplace, setConfirmReplace] = useState(false);
  const [outcome, setOutcome] = useState<ActionResult<string> | null>(null);

  const edit = (next: string) => {
    setText(next);
    setEdits((n) => n + 1);
    setOutcome(null);
  };
  const { status, flush, unsaved } = useAutosave({
    value: { text, baseVersion },
    edits,
    blocker: (v) => (v.text.length > REFERENCE_TEXT_MAX ? `the reference is longer than ${REFERENCE_TEXT_MAX} characters.` : null),
    save: (v) => callApi<ReferenceVersionView>("PUT", itemApi(itemId, "/reference/draft"), v),
    onSaved: () => setDraftExists(true),
  });

  const modelDraft = useMutation({
    mutationFn: async (): Promise<ActionResult<ReferenceVersionView>> => {
      if (!(await flush())) return { ok: false, status: 400, error: "Your latest changes could not be saved; fix them before drafting.", issues: [] };
      return callApi<ReferenceVersionView>("POST", itemApi(itemId, "/reference/draft/model"));
    },
    onSuccess: (result) => {
      setConfirmReplace(false);
      if (!result.ok) return setOutcome(result);
      setText(result.data.text);
      setBaseVersion(result.data.baseVersion);
      setDraftExists(true);
      setOutcome({ ok: true, data: "The model's reference is now your draft." });
    },
  });
  const publish = useMutation({
    mutationFn: async (changeNote: string): Promise<ActionResult<ReferenceVersionView>> => {
      if (!(await flush())) return { ok: false, status: 400, error: "Your latest changes are not saved yet.", issues: [] };
      return callApi<ReferenceVersionView>("POST", itemApi(itemId, "/reference/publish"), { changeNote });
    },
    onSuccess: async (result) => {
      setOutcome(result.ok ? { ok: true, data: `Published version ${result.data.version}.` } : result.status === 409 ? null : result);
      if (result.ok) {
        setDraftExists(false);
        setText(result.data.text);
        setBaseVersion(result.data.version);
      }
      await refetch();
      if (!result.ok && result.status === 409) setConflict(result.error);
    },
  });
  const discard = useMutation({
    mutationFn: () => callApi<void>("DELETE", itemApi(itemId, "/reference/draft")),
    onSuccess: async (result) => {
      if (!result.ok) return setOutcome(result);
      setDraftExists(false);
      const fresh = (await refetch()).data ?? data;
      setText(fresh.reference.latest?.text ?? "");
      setBaseVersion(fresh.reference.latest?.version ?? null);
      setConflict(null);
      setOutcome({ ok: true, data: "Your draft was discarded." });
    },
  });

  const stale = (latest?.version ?? null) !== baseVersion;
  // The published reference was written against an older rubric than the one published now.
  const publishedRubric = data.rubric.latest?.version ?? null;
  const behind = latest?.rubricVersion && publishedRubric && latest.rubricVersion < publishedRubric ? { written: latest.rubricVersion, published: publishedRubric } : null;
  const busy = modelDraft.isPending || publish.isPending || discard.isPending;
  const askModel = () => (text.trim() !== "" && !confirmReplace ? setConfirmReplace(true) : modelDraft.mutate());

  return (
    <div className="space-y-6">
      <div className="space-y-1 text-slate-700">
        <p>
          {latest
            ? `Latest: version ${latest.version}, published by ${latest.authorName} on ${formatTime(latest.publishedAt)}${latest.rubricVersion ? `, written against rubric version ${latest.rubricVersion}` : ""}.`
            : "No reference is published yet."}
          {draft ? " You have a draft in progress." : ""}
        </p>
        {behind ? (
          <Notice tone="info" title={`Written against rubric version ${behind.written}; the published rubric is now version ${behind.published}.`}>
            Check that this reference still meets every criterion of version {behind.published}, and publish a revised one if it does not.
          </Notice>
        ) : null}
        {otherDrafts.length > 0 ? <p>Also drafting this reference: {otherDrafts.map((d) => d.authorName).join(", ")}.</p> : null}
        <p className="text-sm text-slate-600">References are never shown to clinicians or to graded models; they show that the rubric can be met.</p>
      </div>
      {!data.canEdit ? (
        latest ? <p className="whitespace-pre-wrap rounded-lg border border-slate-200 bg-white p-4">{latest.text}</p> : null
      ) : (
        <>
          {stale && latest && !conflict ? (
            <Notice tone="info" title={`${latest.authorName} published version ${latest.version} after your draft started.`}>
              <button type="button" className={`${secondaryButtonClass} mt-2`} onClick={() => setConflict("Publishing now would be refused. Compare both texts first.")}>
                Compare and merge
              </button>
            </Notice>
          ) : null}
          {conflict && latest && stale ? (
            <ReferenceConflict
              message={conflict}
              theirs={latest}
              mine={text}
              onUse={(next, base) => {
                edit(next);
                setBaseVersion(base);
                setConflict(null);
              }}
            />
          ) : null}
          <section aria-labelledby="reference-drafting" className="rounded-lg border border-slate-200 bg-white p-4">
            <h2 id="reference-drafting" className="font-semibold text-slate-900">
              Draft with a model
            </h2>
            <div className="mt-3 flex flex-wrap items-center gap-3">
              <button type="button" className={secondaryButtonClass} disabled={busy || !data.llm.configured} aria-describedby="reference-drafting-help" onClick={askModel}>
                {modelDraft.isPending ? "Drafting with the model…" : confirmReplace ? "Yes, replace my text" : "Draft reference"}
              </button>
              {confirmReplace ? (
                <button type="button" className={secondaryButtonClass} onClick={() => setConfirmReplace(false)}>
                  Keep my text
                </button>
              ) : null}
            </div>
            <p id="reference-drafting-help" className="mt-2 text-sm text-slate-600">
              {!data.llm.configured
                ? data.llm.problem
                : confirmReplace
                  ? "The model's draft will replace the text below; the current text stays in the audit log."
                  : "Drafts a reply that meets the current rubric (your rubric draft if you have one, else the latest version)."}
            </p>
          </section>
          <div>
            <label htmlFor="reference-text" className={labelClass}>
              Reference response
            </label>
            <textarea id="reference-text" value={text} rows={10} disabled={busy} onChange={(e) => edit(e.target.value)} className={inputClass} />
            <SaveStatusLine status={status} unsaved={unsaved} />
          </div>
          <PublishBar
            nextVersion={(latest?.version ?? 0) + 1}
            hasDraft={draftExists || unsaved}
            busy={busy}
            publishing={publish.isPending}
            outcome={outcome}
            onPublish={(note) => publish.mutate(note)}
            onDiscard={() => discard.mutate()}
          />
        </>
      )}
    </div>
  );
}
