"use client";

import { useState } from "react";
import { inputClass, labelClass } from "@/components/ui/styles";
import type { Candidate } from "@/lib/server/sets/plan";
import { stratumValueLabel } from "./stratum-labels";

/** Items to pick by hand, with a filter on id and metadata. */
export function ItemPicker({ items, picked, onChange }: { items: Candidate[]; picked: string[]; onChange: (ids: string[]) => void }) {
  const [filter, setFilter] = useState("");
  const needle = filter.trim().toLowerCase();
  const shown = needle === "" ? items : items.filter((item) => [item.id, item.subcategory, item.stage, item.age, item.intent].some((v) => v.toLowerCase().includes(needle)));
  const chosen = new Set(picked);
  return (
    <div className="mt-3 space-y-3">
      <div className="max-w-sm">
        <label htmlFor="item-filter" className={labelClass}>Filter items</label>
        <input id="item-filter" type="search" value={filter} onChange={(e) => setFilter(e.target.value)} className={inputClass} />
      </div>
      <p className="text-sm text-slate-600" aria-live="polite">
        {picked.length} picked, {shown.length} shown.
      </p>
      <div className="max-h-96 overflow-y-auto rounded-lg border border-slate-200 bg-white">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Items that can be drawn</caption>
          <thead className="sticky top-0 bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="px-3 py-2 font-semibold">Pick</th>
              <th scope="col" className="px-3 py-2 font-semibold">Item</th>
              <th scope="col" className="px-3 py-2 font-semibold">Subcategory</th>
              <th scope="col" className="px-3 py-2 font-semibold">Age band</th>
              <th scope="col" className="px-3 py-2 font-semibold">Turns</th>
              <th scope="col" className="px-3 py-2 font-semibold">Stage</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {shown.map((item) => (
              <tr key={item.id}>
                <td className="px-3 py-1.5">
                  <input
                    type="checkbox"
                    aria-label={`Pick ${item.id}`}
                    checked={chosen.has(item.id)}
                    onChange={(e) => onChange(e.target.checked ? [...picked, item.id] : picked.filter((id) => id !== item.id))}
                  />
                </td>
                <td className="px-3 py-1.5 font-mono">{item.id}</td>
                <td className="px-3 py-1.5">{stratumValueLabel("subcategory", item.subcategory)}</td>
                <td className="px-3 py-1.5">{stratumValueLabel("age", item.age)}</td>
                <td className="px-3 py-1.5">{stratumValueLabel("turns", item.turns)}</td>
                <td className="px-3 py-1.5">{stratumValueLabel("stage", item.stage)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
