"use client";

import { useRef, type ReactNode, type Ref } from "react";
import { DIMENSION_LABELS } from "@/lib/taxonomy";
import type { Dimension } from "@/lib/bundle/schema";
import { RATIONALE_MAX } from "@/lib/labeling/rules";
import type { SaveState, Verdict } from "./label-sync";

interface Props {
  index: number;
  count: number;
  id: string;
  dimension: Dimension;
  text: string;
  value: Verdict | null;
  save: SaveState | null;
  current: boolean;
  readOnly: boolean;
  editing: boolean;
  itemRef: Ref<HTMLLIElement>;
  onSelect: () => void;
  onVerdict: (verdict: boolean) => void;
  onEdit: () => void;
  onRationale: (text: string | null) => void;
  /** The criterion's ambiguity flag control, under its save state. */
  flag: ReactNode;
}

const verdictButton = "inline-flex items-center gap-2 rounded-md border px-3 py-1.5 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-60";

function statusText(value: Verdict | null, save: SaveState | null): { text: string; tone: string } {
  if (save?.state === "saving") return { text: "Saving…", tone: "text-slate-600" };
  if (save?.state === "retrying" || save?.state === "failed") return { text: save.message, tone: "text-red-800" };
  if (value) return { text: "Saved", tone: "text-emerald-800" };
  return { text: "No verdict yet", tone: "text-slate-600" };
}

/** One pinned criterion: its text, the two verdicts, the optional rationale and its save state. */
export function CriterionItem({ index, count, id, dimension, text, value, save, current, readOnly, editing, itemRef, onSelect, onVerdict, onEdit, onRationale, flag }: Props) {
  const status = statusText(value, save);
  const base = `criterion-${index}`;
  return (
    <li
      ref={itemRef}
      tabIndex={-1}
      aria-current={current ? "true" : undefined}
      onFocus={onSelect}
      className={`rounded-lg border bg-white p-4 ${current ? "border-accent ring-2 ring-accent" : "border-slate-200"}`}
    >
      <div role="group" aria-labelledby={`${base}-text`} aria-describedby={`${base}-status`} data-criterion={id}>
        <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">
          {index + 1} of {count} · {DIMENSION_LABELS[dimension].label}
        </p>
        <p id={`${base}-text`} className="mt-1 text-slate-900">
          {text}
        </p>
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <button
            type="button"
            aria-pressed={value?.verdict === true}
            aria-keyshortcuts="Y 1"
            disabled={readOnly}
            onClick={() => onVerdict(true)}
            className={`${verdictButton} ${value?.verdict === true ? "border-emerald-800 bg-emerald-800 text-white" : "border-slate-300 bg-white text-slate-800 hover:bg-slate-50"}`}
          >
            Satisfied
            <kbd aria-hidden className="font-mono text-xs opacity-80">Y</kbd>
          </button>
          <button
            type="button"
            aria-pressed={value?.verdict === false}
            aria-keyshortcuts="N 2"
            disabled={readOnly}
            onClick={() => onVerdict(false)}
            className={`${verdictButton} ${value?.verdict === false ? "border-rose-800 bg-rose-800 text-white" : "border-slate-300 bg-white text-slate-800 hover:bg-slate-50"}`}
          >
            Not satisfied
            <kbd aria-hidden className="font-mono text-xs opacity-80">N</kbd>
          </button>
          {!editing && value && !readOnly ? (
            <button type="button" aria-keyshortcuts="R" onClick={onEdit} className="rounded-md px-2 py-1.5 text-sm font-medium text-accent-strong underline underline-offset-2">
              {value.rationale ? "Edit rationale" : "Add a rationale"}
            </button>
          ) : null}
        </div>
        {editing && value ? (
          <RationaleEditor base={base} initial={value.rationale ?? ""} onDone={onRationale} />
        ) : value?.rationale ? (
          <p className="mt-2 text-sm text-slate-700">
            <span className="font-medium">Rationale:</span> {value.rationale}
          </p>
        ) : null}
        <p id={`${base}-status`} className={`mt-2 text-sm ${status.tone}`} data-save-state={save?.state ?? (value ? "saved" : "none")}>
          {status.text}
        </p>
        {flag}
      </div>
    </li>
  );
}

/**
 * Enter saves the rationale (an empty one removes it), Esc leaves it as it was. It
 * answers once: Enter or Esc moves the focus away, and the blur that follows is not a second save.
 */
function RationaleEditor({ base, initial, onDone }: { base: string; initial: string; onDone: (text: string | null) => void }) {
  const answered = useRef(false);
  const done = (text: string | null) => {
    if (answered.current) return;
    answered.current = true;
    onDone(text);
  };
  return (
    <div className="mt-3">
      <label htmlFor={`${base}-rationale`} className="block text-sm font-medium text-slate-800">
        Rationale (optional, one sentence)
      </label>
      <textarea
        id={`${base}-rationale`}
        defaultValue={initial}
        autoFocus
        rows={2}
        maxLength={RATIONALE_MAX}
        aria-describedby={`${base}-rationale-hint`}
        onKeyDown={(event) => {
          if (event.key === "Enter" && !event.shiftKey) {
            event.preventDefault();
            done(event.currentTarget.value.trim() || null);
          } else if (event.key === "Escape") {
            event.preventDefault();
            done(initial || null);
          }
        }}
        onBlur={(event) => done(event.currentTarget.value.trim() || null)}
        className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm"
      />
      <p id={`${base}-rationale-hint`} className="mt-1 text-xs text-slate-600">
        Enter saves, Esc cancels.
      </p>
    </div>
  );
}
