"use client";

import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { itemApi } from "@/components/items/api";
import type { ActionResult } from "@/lib/auth/respond";
import { callApi } from "@/lib/http/apiFetch";
import { useItemForEditing } from "@/components/items/use-item-for-editing";
import { Notice } from "@/components/ui/notice";
import { secondaryButtonClass } from "@/components/ui/styles";
import { rubricWarnings, scaffoldCriteria } from "@/lib/rubric/warnings";
import type { ItemForEditing } from "@/lib/server/authoring/getItemForEditing";
import type { RubricVersionView, StoredCriterion } from "@/lib/server/authoring/rubrics";
import { DIMENSION_LABELS } from "@/lib/taxonomy";
import { CriterionRow } from "./criterion-row";
import { DraftingBar } from "./drafting-bar";
import { PublishBar } from "./publish-bar";
import { RubricConflict } from "./rubric-conflict";
import { RubricHeader } from "./rubric-header";
import { draftBlocker, rowsFrom, toDraft, type Row } from "./rows";
import { SaveStatusLine } from "./save-status";
import { useAutosave } from "./use-autosave";

const newRow = (c: Pick<Row, "dimension" | "text"> & { weight: number }): Row => ({
  key: crypto.randomUUID(), id: null, dimension: c.dimension, weight: String(c.weight), text: c.text, provenance: null, keptAsDrafted: null,
});

/**
 * The rubric editor: criteria rows that autosave as the author's own draft, drafting
 * with a model or from the scaffold, advice, and publishing — with the conflict view
 * when someone published in between.
 */
export function RubricEditor({ initial }: { initial: ItemForEditing }) {
  const { data, refetch } = useItemForEditing(initial);
  const itemId = data.item.id;
  const start = initial.rubric.draft ?? initial.rubric.latest;
  const [rows, setRows] = useState<Row[]>(() => rowsFrom(start?.criteria ?? []));
  const [baseVersion, setBaseVersion] = useState<number | null>(initial.rubric.draft ? initial.rubric.draft.baseVersion : (initial.rubric.latest?.version ?? null));
  const [edits, setEdits] = useState(0);
  const [showEmpty, setShowEmpty] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<ActionResult<string> | null>(null);
  const [draftExists, setDraftExists] = useState(initial.rubric.draft !== null);

  const edit = (change: (rows: Row[]) => Row[]) => {
    setRows(change);
    setEdits((n) => n + 1);
    setOutcome(null);
  };
  const adopt = (version: RubricVersionView | null, base: number | null) => {
    setRows(rowsFrom(version?.criteria ?? []));
    setBaseVersion(base);
  };

  const { status, flush, unsaved } = useAutosave({
    value: { rows, baseVersion },
    edits,
    blocker: (v) => draftBlocker(v.rows),
    save: (v) => callApi<RubricVersionView>("PUT", itemApi(itemId, "/rubric/draft"), { baseVersion: v.baseVersion, criteria: toDraft(v.rows) }),
    onSaved: (sent, saved) => {
      setDraftExists(true);
      const byKey = new Map(sent.rows.map((r, i) => [r.key, saved.criteria[i]]));
      setRows((current) => current.map((r) => {
        const s = byKey.get(r.key);
        return s ? { ...r, id: s.id, provenance: s.provenance, keptAsDrafted: s.keptAsDrafted } : r;
      }));
    },
  });

  const modelDraft = useMutation({
    mutationFn: async (): Promise<ActionResult<RubricVersionView>> => {
      if (!(await flush())) return { ok: false, status: 400, error: "Your latest changes could not be saved; fix them before drafting.", issues: [] };
      return callApi<RubricVersionView>("POST", itemApi(itemId, "/rubric/draft/model"));
    },
    onSuccess: (result) => {
      if (!result.ok) return setOutcome(result);
      setOutcome({ ok: true, data: "The model's seven criteria were added to your draft." });
      setDraftExists(true);
      adopt(result.data, result.data.baseVersion);
    },
  });

  const publish = useMutation({
    mutationFn: async (changeNote: string): Promise<ActionResult<RubricVersionView>> => {
      if (!(await flush())) return { ok: false, status: 400, error: "Your latest changes are not saved yet; fix the marked fields first.", issues: [] };
      return callApi<RubricVersionView>("POST", itemApi(itemId, "/rubric/publish"), { changeNote });
    },
    onSuccess: async (result) => {
      // A refusal for a stale draft is told by the conflict view, not twice.
      setOutcome(result.ok ? { ok: true, data: `Published version ${result.data.version}.` } : result.status === 409 ? null : result);
      if (result.ok) {
        setDraftExists(false);
        adopt(result.data, result.data.version);
        setShowEmpty(false);
        await refetch();
      } else if (result.status === 409) {
        await refetch();
        setConflict(result.error);
      } else {
        setShowEmpty(true);
      }
    },
  });

  const discard = useMutation({
    mutationFn: () => callApi<void>("DELETE", itemApi(itemId, "/rubric/draft")),
    onSuccess: async (result) => {
      if (!result.ok) return setOutcome(result);
      setDraftExists(false);
      const fresh = (await refetch()).data ?? data;
      adopt(fresh.rubric.latest, fresh.rubric.latest?.version ?? null);
      setConflict(null);
      setOutcome({ ok: true, data: "Your draft was discarded." });
    },
  });

  const latest = data.rubric.latest;
  const stale = data.canEdit && (latest?.version ?? null) !== baseVersion;
  const mine: StoredCriterion[] = rows.map((r) => ({ ...toDraft([r])[0], id: r.id ?? r.key, provenance: r.provenance ?? "person", keptAsDrafted: r.keptAsDrafted }));
  const hasDraft = draftExists || unsaved;
  const busy = modelDraft.isPending || publish.isPending || discard.isPending;

  if (!data.canEdit) {
    return (
      <div className="space-y-4">
        <RubricHeader data={data} />
        <p className="text-slate-600">Only authors can edit rubrics.</p>
        {latest ? (
          <ol className="list-decimal space-y-2 pl-6">
            {latest.criteria.map((c) => (
              <li key={c.id}>
                {c.text} <span className="text-sm text-slate-600">({DIMENSION_LABELS[c.dimension].label}, weight {c.weight})</span>
              </li>
            ))}
          </ol>
        ) : null}
      </div>
    );
  }

  return (
    <div className="space-y-6">
      <RubricHeader data={data} />
      {stale && latest && !conflict ? (
        <Notice tone="info" title={`${latest.authorName} published version ${latest.version} after your draft started.`}>
          <button type="button" className={`${secondaryButtonClass} mt-2`} onClick={() => setConflict("Publishing now would be refused. Compare both versions and merge them first.")}>
            Compare and merge
          </button>
        </Notice>
      ) : null}
      {conflict && latest && stale ? (
        <RubricConflict
          message={conflict}
          theirs={latest}
          base={data.rubric.base?.criteria ?? (data.rubric.draft ? [] : mine)}
          mine={mine}
          onUse={(criteria, base) => {
            edit(() => rowsFrom(criteria));
            setBaseVersion(base);
            setConflict(null);
            setOutcome({ ok: true, data: `Merged onto version ${base}. Check the criteria, then publish.` });
          }}
        />
      ) : null}
      <DraftingBar
        llm={data.llm}
        busy={busy}
        drafting={modelDraft.isPending}
        onModel={() => modelDraft.mutate()}
        onScaffold={() => edit((list) => [...list.filter((r) => r.text.trim() !== ""), ...scaffoldCriteria().map(newRow)])}
      />
      <section aria-labelledby="criteria-heading" className="space-y-3">
        <h2 id="criteria-heading" className="text-lg font-semibold text-slate-900">
          Criteria ({rows.length})
        </h2>
        <fieldset disabled={busy} className="space-y-3">
          <ol className="space-y-3">
            {rows.map((row, i) => (
              <CriterionRow
                key={row.key}
                row={row}
                index={i}
                count={rows.length}
                showEmpty={showEmpty}
                onChange={(patch) => edit((list) => list.map((r) => (r.key === row.key ? { ...r, ...patch } : r)))}
                onMove={(by) =>
                  edit((list) => {
                    const next = [...list];
                    [next[i], next[i + by]] = [next[i + by], next[i]];
                    return next;
                  })
                }
                onRemove={() => edit((list) => list.filter((r) => r.key !== row.key))}
              />
            ))}
          </ol>
          <button type="button" className={secondaryButtonClass} onClick={() => edit((list) => [...list, newRow({ dimension: "identification", weight: 1, text: "" })])}>
            Add a criterion
          </button>
        </fieldset>
        <Advice rows={rows} />
        <SaveStatusLine status={status} unsaved={unsaved} />
      </section>
      <PublishBar
        nextVersion={(latest?.version ?? 0) + 1}
        hasDraft={hasDraft}
        busy={busy}
        publishing={publish.isPending}
        outcome={outcome}
        onPublish={(note) => publish.mutate(note)}
        onDiscard={() => discard.mutate()}
      />
    </div>
  );
}

function Advice({ rows }: { rows: Row[] }) {
  const warnings = rubricWarnings(rows);
  if (warnings.length === 0) return null;
  return (
    <Notice tone="info" title="Advice (you can still publish)">
      <ul className="list-disc pl-5">
        {warnings.map((w) => (
          <li key={w.code}>{w.message}</li>
        ))}
      </ul>
    </Notice>
  );
}
