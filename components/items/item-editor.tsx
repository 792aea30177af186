"use client";

import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { ActionFeedback } from "@/components/admin/action-feedback";
import { buttonClass, cardClass, inputClass, labelClass, secondaryButtonClass } from "@/components/ui/styles";
import type { EditableItem } from "@/lib/server/authoring/getItemForEditing";
import { ItemNotes, ItemTurns } from "@/lib/server/authoring/schema";
import { callApi } from "@/lib/http/apiFetch";
import { itemApi } from "./api";

interface Turn {
  key: string;
  text: string;
}

const firstIssue = (result: { success: boolean; error?: { issues: { message: string }[] } }) => (result.success ? null : (result.error?.issues[0]?.message ?? null));

/** The item's user turns (add, edit, reorder, remove) and clinical notes, checked with the bundle's own rules. */
export function ItemEditor({ item, locked, canEdit }: { item: EditableItem; locked: boolean; canEdit: boolean }) {
  const [turns, setTurns] = useState<Turn[]>(() => item.userTurns.map((text, i) => ({ key: `t${i}`, text })));
  const [notes, setNotes] = useState(item.notes ?? "");
  const [updatedAt, setUpdatedAt] = useState(item.updatedAt);
  const save = useMutation({
    mutationFn: () => callApi<{ updatedAt: number }>("PATCH", itemApi(item.id), { updatedAt, userTurns: turns.map((t) => t.text), notes }),
    onSuccess: (result) => result.ok && setUpdatedAt(result.data.updatedAt),
  });
  const turnsLocked = locked || !canEdit;
  const turnError = (text: string) => firstIssue(ItemTurns.element.safeParse(text));
  const listError = firstIssue(ItemTurns.safeParse(turns.map((t) => t.text)));
  const notesError = firstIssue(ItemNotes.safeParse(notes));
  const invalid = listError !== null || notesError !== null;

  const move = (index: number, by: number) =>
    setTurns((list) => {
      const next = [...list];
      [next[index], next[index + by]] = [next[index + by], next[index]];
      return next;
    });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!invalid) save.mutate();
  }

  return (
    <form onSubmit={submit} className={`${cardClass} space-y-6`} aria-labelledby="dialogue-heading">
      <div>
        <h2 id="dialogue-heading" className="text-lg font-semibold text-slate-900">
          Dialogue and clinical notes
        </h2>
        {locked ? (
          <p className="mt-1 text-slate-600">The dialogue is fixed because a calibration set includes this item; its notes can still change.</p>
        ) : null}
      </div>
      <fieldset className="space-y-4" disabled={turnsLocked}>
        <legend className="sr-only">User turns</legend>
        {turns.map((turn, i) => {
          const error = turnError(turn.text);
          return (
            <div key={turn.key}>
              <label htmlFor={`turn-${turn.key}`} className={labelClass}>
                User turn {i + 1}
              </label>
              <textarea
                id={`turn-${turn.key}`}
                value={turn.text}
                rows={2}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `turn-${turn.key}-error` : undefined}
                onChange={(e) => setTurns((list) => list.map((t) => (t.key === turn.key ? { ...t, text: e.target.value } : t)))}
                className={inputClass}
              />
              {error ? (
                <p id={`turn-${turn.key}-error`} className="mt-1 text-sm text-red-800">
                  User turn {i + 1} {error}.
                </p>
              ) : null}
              {turnsLocked ? null : (
                <div className="mt-1 flex gap-2">
                  <button type="button" className={secondaryButtonClass} disabled={i === 0} onClick={() => move(i, -1)}>
                    Move turn {i + 1} up
                  </button>
                  <button type="button" className={secondaryButtonClass} disabled={i === turns.length - 1} onClick={() => move(i, 1)}>
                    Move turn {i + 1} down
                  </button>
                  <button type="button" className={secondaryButtonClass} onClick={() => setTurns((list) => list.filter((t) => t.key !== turn.key))}>
                    Remove turn {i + 1}
                  </button>
                </div>
              )}
            </div>
          );
        })}
        {listError && turns.length === 0 ? <p className="text-sm text-red-800">The dialogue {listError}.</p> : null}
        {turnsLocked ? null : (
          <button type="button" className={secondaryButtonClass} onClick={() => setTurns((list) => [...list, { key: crypto.randomUUID(), text: "" }])}>
            Add a user turn
          </button>
        )}
      </fieldset>
      <div>
        <label htmlFor="item-notes" className={labelClass}>
          Clinical notes
        </label>
        <textarea
          id="item-notes"
          value={notes}
          rows={4}
          disabled={!canEdit}
          aria-invalid={notesError ? true : undefined}
          onChange={(e) => setNotes(e.target.value)}
          className={inputClass}
        />
        {notesError ? <p className="mt-1 text-sm text-red-800">Notes {notesError}.</p> : null}
      </div>
      {canEdit ? (
        <div className="space-y-3">
          <button type="submit" className={buttonClass} disabled={save.isPending || invalid}>
            {save.isPending ? "Saving…" : "Save dialogue and notes"}
          </button>
          <ActionFeedback result={save.data} error={save.error} success="Dialogue and notes saved." />
        </div>
      ) : (
        <p className="text-slate-600">Only authors can edit items.</p>
      )}
    </form>
  );
}
