"use client";

import { labelClass } from "@/components/ui/styles";
import type { ReportChoice } from "./use-report";

const PANEL_SIZES = [3, 5, 7];

/** Where panels are ranked (every item or held out), how many judges a panel has, and the coverage a candidate judge needs. */
export function ReportControls({ view, onChange }: { view: ReportChoice; onChange: (next: ReportChoice) => void }) {
  const percent = Math.round(view.minCoverage * 1000) / 10;
  return (
    <>
      <fieldset>
        <legend className={labelClass}>Rank panels on</legend>
        <div className="flex flex-wrap gap-4 text-sm">
          <label className="inline-flex items-center gap-2">
            <input type="radio" name="selection" checked={view.selection === "all"} onChange={() => onChange({ ...view, selection: "all" })} />
            Every item
          </label>
          <label className="inline-flex items-center gap-2">
            <input type="radio" name="selection" checked={view.selection === "holdout"} onChange={() => onChange({ ...view, selection: "holdout" })} />
            Public split, report on private (hold-out)
          </label>
        </div>
      </fieldset>
      <div>
        <label htmlFor="panel-size" className={labelClass}>Judges per panel</label>
        <select id="panel-size" value={view.panelSize} onChange={(e) => onChange({ ...view, panelSize: Number(e.target.value) })} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm">
          {PANEL_SIZES.map((n) => (
            <option key={n} value={n}>{n}</option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="min-coverage" className={labelClass}>Least judge coverage (%)</label>
        <input
          id="min-coverage"
          type="number"
          min={0}
          max={100}
          step={0.5}
          defaultValue={percent}
          key={percent}
          aria-describedby="min-coverage-hint"
          onBlur={(e) => commit(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") commit(e.currentTarget.value);
          }}
          className="w-24 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm"
        />
        <p id="min-coverage-hint" className="mt-1 max-w-64 text-xs text-slate-600">Judges with verdicts on fewer of the consensus units stay out of panels.</p>
      </div>
    </>
  );

  function commit(text: string) {
    const value = Number(text);
    if (text.trim() === "" || !Number.isFinite(value) || value < 0 || value > 100) return;
    // Keep the share's decimal spelling short (95 → 0.95), since coverage is compared with it exactly.
    const share = Number((value / 100).toFixed(4));
    if (share !== view.minCoverage) onChange({ ...view, minCoverage: share });
  }
}
