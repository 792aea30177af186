"use client";

import { labelClass } from "@/components/ui/styles";
import type { Selection } from "@/lib/freeze/scope";

const PANEL_SIZES = [3, 5, 7];

/** Where panels are ranked (every item or held out) and how many judges a panel has. */
export function ReportControls({ selection, panelSize, onChange }: { selection: Selection; panelSize: number; onChange: (next: { selection: Selection; panelSize: number }) => void }) {
  return (
    <>
      <fieldset>
        <legend className={labelClass}>Rank panels on</legend>
        <div className="flex flex-wrap gap-4 text-sm">
          <label className="inline-flex items-center gap-2">
            <input type="radio" name="selection" checked={selection === "all"} onChange={() => onChange({ selection: "all", panelSize })} />
            Every item
          </label>
          <label className="inline-flex items-center gap-2">
            <input type="radio" name="selection" checked={selection === "holdout"} onChange={() => onChange({ selection: "holdout", panelSize })} />
            Public split, report on private (hold-out)
          </label>
        </div>
      </fieldset>
      <div>
        <label htmlFor="panel-size" className={labelClass}>Judges per panel</label>
        <select id="panel-size" value={panelSize} onChange={(e) => onChange({ selection, panelSize: Number(e.target.value) })} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm">
          {PANEL_SIZES.map((n) => (
            <option key={n} value={n}>{n}</option>
          ))}
        </select>
      </div>
    </>
  );
}
