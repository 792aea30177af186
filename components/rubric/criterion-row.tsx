"use client";

import { inputClass, secondaryButtonClass } from "@/components/ui/styles";
import { DIMENSIONS, type Dimension } from "@/lib/bundle/schema";
import { DIMENSION_LABELS } from "@/lib/taxonomy";
import { ProvenanceBadge } from "./provenance";
import { rowProblems, type Row } from "./rows";

interface Props {
  row: Row;
  index: number;
  count: number;
  /** After a refused publish, empty texts are flagged too. */
  showEmpty: boolean;
  onChange: (patch: Partial<Pick<Row, "text" | "weight" | "dimension">>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

export function CriterionRow({ row, index, count, showEmpty, onChange, onMove, onRemove }: Props) {
  const n = index + 1;
  const base = `criterion-${row.key}`;
  const problems = rowProblems(row);
  const textError = problems.text ?? (showEmpty && problems.empty ? "must be written before publishing" : null);
  const small = `${secondaryButtonClass} px-2 py-1 text-xs`;
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <label htmlFor={`${base}-text`} className="font-semibold text-slate-900">
          Criterion {n}
        </label>
        <ProvenanceBadge provenance={row.provenance} keptAsDrafted={row.keptAsDrafted} />
      </div>
      <textarea
        id={`${base}-text`}
        value={row.text}
        rows={2}
        placeholder="What the last assistant reply should do, as one checkable sentence"
        aria-invalid={textError ? true : undefined}
        aria-describedby={textError ? `${base}-text-error` : undefined}
        onChange={(e) => onChange({ text: e.target.value })}
        className={`${inputClass} mt-2`}
      />
      {textError ? (
        <p id={`${base}-text-error`} className="mt-1 text-sm text-red-800">
          The text {textError}.
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={`${base}-dimension`} className="block text-sm font-medium text-slate-800">
            Dimension<span className="sr-only"> of criterion {n}</span>
          </label>
          <select id={`${base}-dimension`} value={row.dimension} onChange={(e) => onChange({ dimension: e.target.value as Dimension })} className={`${inputClass} py-1.5`}>
            {DIMENSIONS.map((d) => (
              <option key={d} value={d}>
                {DIMENSION_LABELS[d].label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${base}-weight`} className="block text-sm font-medium text-slate-800">
            Weight<span className="sr-only"> of criterion {n}</span>
          </label>
          <input
            id={`${base}-weight`}
            type="number"
            inputMode="numeric"
            min={1}
            max={20}
            step={1}
            value={row.weight}
            aria-invalid={problems.weight ? true : undefined}
            aria-describedby={problems.weight ? `${base}-weight-error` : undefined}
            onChange={(e) => onChange({ weight: e.target.value })}
            className={`${inputClass} w-24 py-1.5`}
          />
        </div>
        <div className="ml-auto flex gap-2">
          <button type="button" className={small} aria-label={`Move criterion ${n} up`} disabled={index === 0} onClick={() => onMove(-1)}>
            Up
          </button>
          <button type="button" className={small} aria-label={`Move criterion ${n} down`} disabled={index === count - 1} onClick={() => onMove(1)}>
            Down
          </button>
          <button type="button" className={small} aria-label={`Remove criterion ${n}`} onClick={onRemove}>
            Remove
          </button>
        </div>
      </div>
      {problems.weight ? (
        <p id={`${base}-weight-error`} className="mt-1 text-sm text-red-800">
          The weight {problems.weight}.
        </p>
      ) : null}
    </li>
  );
}
