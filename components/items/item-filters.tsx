"use client";

import Form from "next/form";
import Link from "next/link";
import type { ChangeEvent } from "react";
import { inputClass, labelClass, secondaryButtonClass } from "@/components/ui/styles";
import type { ItemSearch } from "@/lib/server/authoring/searchItems";
import { AGE_BAND_LABELS, DIRECTNESS_LABELS, INTENT_LABELS, SPLIT_LABELS, stageLabel, subcategoryLabel } from "@/lib/taxonomy";

const STATUS_LABELS = {
  none: "No rubric yet",
  draft: "Draft in progress",
  published: "Published",
  changed: "Changed since the last calibration set",
} as const;

interface Select {
  name: string;
  label: string;
  options: [string, string][];
}

/** Each menu applies at once; the search applies on Enter or with the button. Plain GET, so it also works without scripts. */
export function ItemFilters({ filters, facets }: { filters: Record<string, string>; facets: ItemSearch["facets"] }) {
  const selects: Select[] = [
    { name: "subcategory", label: "Subcategory", options: facets.subcategories.map((s) => [s, subcategoryLabel(s)]) },
    { name: "age", label: "Age band", options: Object.entries(AGE_BAND_LABELS) },
    { name: "turns", label: "User turns", options: facets.turns.map((n) => [String(n), String(n)]) },
    { name: "intent", label: "Harm intent", options: Object.entries(INTENT_LABELS) },
    { name: "stage", label: "Stage", options: facets.stages.map((s) => [s, stageLabel(s)]) },
    { name: "directness", label: "Signal", options: Object.entries(DIRECTNESS_LABELS) },
    { name: "split", label: "Split", options: Object.entries(SPLIT_LABELS) },
    { name: "status", label: "Authoring status", options: Object.entries(STATUS_LABELS) },
  ];
  const apply = (event: ChangeEvent<HTMLSelectElement>) => event.currentTarget.form?.requestSubmit();
  return (
    <Form action="/items" role="search" aria-label="Filter items" className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-64 flex-1">
          <label htmlFor="filter-q" className={labelClass}>
            Search turns and notes
          </label>
          <input id="filter-q" name="q" type="search" defaultValue={filters.q ?? ""} className={inputClass} />
        </div>
        <button type="submit" className={secondaryButtonClass}>
          Search
        </button>
        <Link href="/items" className="py-1.5 text-sm font-medium text-accent-strong underline">
          Clear all
        </Link>
      </div>
      <div className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {selects.map((select) => (
          <div key={select.name}>
            <label htmlFor={`filter-${select.name}`} className={labelClass}>
              {select.label}
            </label>
            <select id={`filter-${select.name}`} name={select.name} defaultValue={filters[select.name] ?? ""} onChange={apply} className={inputClass}>
              <option value="">Any</option>
              {select.options.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
    </Form>
  );
}
