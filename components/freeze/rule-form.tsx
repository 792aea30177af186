"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { ApiFailure } from "@/components/ui/api-failure";
import { buttonClass, inputClass, labelClass } from "@/components/ui/styles";
import { PANEL_SIZES } from "@/lib/calibration/schema";
import { describeRule, type SelectionRule } from "@/lib/freeze/rule";
import { apiFetch } from "@/lib/http/apiFetch";

/** Pre-registers the set's selection rule: once, ideally before any verdict is imported. */
export function RuleForm({ setId }: { setId: number }) {
  const router = useRouter();
  const [rule, setRule] = useState<SelectionRule>({ panel_size: 3, selection: "all", within_top: 1 });
  const [note, setNote] = useState("");
  const mutation = useMutation({
    mutationFn: (body: SelectionRule) => apiFetch<unknown>(`/api/sets/${setId}/freeze/rule`, { method: "POST", json: { rule: body } }),
    onSuccess: () => router.refresh(),
  });
  const complete: SelectionRule = note.trim() ? { ...rule, note: note.trim() } : rule;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    mutation.mutate(complete);
  }

  return (
    <form onSubmit={submit} className="space-y-4">
      <div className="flex flex-wrap gap-6">
        <div>
          <label htmlFor="rule-size" className={labelClass}>Judges per panel</label>
          <select id="rule-size" value={rule.panel_size} onChange={(e) => setRule({ ...rule, panel_size: Number(e.target.value) })} className="rounded-md border border-slate-300 bg-white px-3 py-2">
            {PANEL_SIZES.map((n) => (
              <option key={n} value={n}>{n}</option>
            ))}
          </select>
        </div>
        <fieldset>
          <legend className={labelClass}>Rank panels on</legend>
          <div className="flex flex-col gap-1 text-sm">
            <label className="inline-flex items-center gap-2">
              <input type="radio" name="rule-selection" checked={rule.selection === "all"} onChange={() => setRule({ ...rule, selection: "all" })} />
              Every item of the set
            </label>
            <label className="inline-flex items-center gap-2">
              <input type="radio" name="rule-selection" checked={rule.selection === "holdout"} onChange={() => setRule({ ...rule, selection: "holdout" })} />
              The public split; report on the private split
            </label>
          </div>
        </fieldset>
        <div>
          <label htmlFor="rule-top" className={labelClass}>Freeze a panel ranked within the top</label>
          <input id="rule-top" type="number" min={1} max={100} value={rule.within_top} onChange={(e) => setRule({ ...rule, within_top: Number(e.target.value) })} className={`${inputClass} w-28`} />
        </div>
      </div>
      <div>
        <label htmlFor="rule-note" className={labelClass}>Anything else you commit to (optional)</label>
        <textarea id="rule-note" rows={2} value={note} onChange={(e) => setNote(e.target.value)} className={inputClass} />
      </div>
      <p className="text-sm text-slate-700">
        <span className="font-medium">The rule will read:</span> {describeRule(complete)}
      </p>
      <button type="submit" disabled={mutation.isPending} className={buttonClass}>
        {mutation.isPending ? "Recording…" : "Record the rule"}
      </button>
      <ApiFailure error={mutation.error} consequence="Nothing was recorded." />
    </form>
  );
}
