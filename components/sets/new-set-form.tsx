"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { createSetAction, previewSetAction } from "@/lib/actions/sets";
import { ActionFeedback } from "@/components/admin/action-feedback";
import { Notice } from "@/components/ui/notice";
import { buttonClass, cardClass, inputClass, labelClass, secondaryButtonClass } from "@/components/ui/styles";
import { DEFAULT_RESPONSES_PER_ITEM, DEFAULT_SEED, DEFAULT_SET_SIZE, type CalibrationSetPlanInput } from "@/lib/server/sets/schema";
import type { SetCandidates } from "@/lib/server/sets/listSetCandidates";
import { plural } from "@/lib/wording";
import { Composition } from "./composition";
import { ItemPicker } from "./item-picker";

/** Choose how to draw the set, preview its composition, then create it. */
export function NewSetForm({ candidates }: { candidates: SetCandidates }) {
  const router = useRouter();
  const [name, setName] = useState("");
  const [mode, setMode] = useState<"stratified" | "manual">("stratified");
  const [size, setSize] = useState(String(Math.min(DEFAULT_SET_SIZE, candidates.items.length) || DEFAULT_SET_SIZE));
  const [picked, setPicked] = useState<string[]>([]);
  const [seed, setSeed] = useState(String(DEFAULT_SEED));
  const [perItem, setPerItem] = useState(String(DEFAULT_RESPONSES_PER_ITEM));
  const [clinicians, setClinicians] = useState(candidates.clinicians.map((c) => c.id));

  const plan: CalibrationSetPlanInput = {
    seed: Number(seed),
    draw: mode === "stratified" ? { kind: "stratified", size: Number(size) } : { kind: "manual", itemIds: picked },
    responsesPerItem: Number(perItem),
    clinicianIds: clinicians,
  };
  const planKey = JSON.stringify(plan);
  const tooFewClinicians = clinicians.length < 2;
  const preview = useMutation({ mutationKey: ["set-preview"], mutationFn: (input: CalibrationSetPlanInput) => previewSetAction(input) });
  const create = useMutation({
    mutationFn: createSetAction,
    onSuccess: (result) => {
      if (result.ok) router.push(`/calibration/sets/${result.data.setId}`);
    },
  });
  // The preview shown is only confirmable while the choices are still the ones it was drawn from.
  const previewed = preview.data?.ok && preview.variables && JSON.stringify(preview.variables) === planKey ? preview.data.data : null;

  function submitPreview(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    preview.mutate(plan);
  }

  return (
    <div className="space-y-8">
      <form onSubmit={submitPreview} className={`${cardClass} space-y-6`} aria-labelledby="choices-heading">
        <h2 id="choices-heading" className="text-lg font-semibold text-slate-900">
          Choices
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor="set-name" className={labelClass}>Name</label>
            <input id="set-name" value={name} onChange={(e) => setName(e.target.value)} required maxLength={120} aria-describedby="set-name-hint" className={inputClass} />
            <p id="set-name-hint" className="mt-1 text-sm text-slate-600">Clinicians see this name: keep models and judges out of it.</p>
          </div>
          <div>
            <label htmlFor="set-seed" className={labelClass}>Seed</label>
            <input id="set-seed" type="number" min={0} value={seed} onChange={(e) => setSeed(e.target.value)} required className={inputClass} />
          </div>
        </div>

        <fieldset>
          <legend className={labelClass}>Items</legend>
          <div className="flex flex-wrap gap-6">
            <label className="flex items-center gap-2">
              <input type="radio" name="mode" checked={mode === "stratified"} onChange={() => setMode("stratified")} />
              Seeded stratified draw
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" name="mode" checked={mode === "manual"} onChange={() => setMode("manual")} />
              Pick items by hand
            </label>
          </div>
          {mode === "stratified" ? (
            <div className="mt-3 max-w-xs">
              <label htmlFor="set-size" className={labelClass}>Number of items</label>
              <input id="set-size" type="number" min={1} value={size} onChange={(e) => setSize(e.target.value)} required aria-describedby="set-size-hint" className={inputClass} />
              <p id="set-size-hint" className="mt-1 text-sm text-slate-600">
                Balanced over subcategory, age band, single or multi-turn, intent and stage. {candidates.items.length} items can be drawn
                {candidates.ineligible > 0 ? ` (${candidates.ineligible} without a published rubric or responses are left out)` : ""}.
              </p>
            </div>
          ) : (
            <ItemPicker items={candidates.items} picked={picked} onChange={setPicked} />
          )}
        </fieldset>

        <div className="max-w-xs">
          <label htmlFor="set-per-item" className={labelClass}>Responses per item</label>
          <input id="set-per-item" type="number" min={1} max={20} value={perItem} onChange={(e) => setPerItem(e.target.value)} required aria-describedby="set-per-item-hint" className={inputClass} />
          <p id="set-per-item-hint" className="mt-1 text-sm text-slate-600">Each from a different model, picked with the seed.</p>
        </div>

        <fieldset aria-describedby={tooFewClinicians ? "clinicians-hint" : undefined}>
          <legend className={labelClass}>Clinicians (each labels every response)</legend>
          {candidates.clinicians.length === 0 ? (
            <Notice tone="info">No clinician can sign in yet. Create clinician accounts under Users first.</Notice>
          ) : (
            <div className="flex flex-wrap gap-x-6 gap-y-2">
              {candidates.clinicians.map((c) => (
                <label key={c.id} className="flex items-center gap-2">
                  <input
                    type="checkbox"
                    checked={clinicians.includes(c.id)}
                    onChange={(e) => setClinicians(e.target.checked ? [...clinicians, c.id] : clinicians.filter((id) => id !== c.id))}
                  />
                  {c.name}
                </label>
              ))}
            </div>
          )}
          {tooFewClinicians && candidates.clinicians.length > 0 ? (
            <p id="clinicians-hint" className="mt-2 text-sm font-medium text-red-800">
              Choose at least two clinicians: a consensus needs two labels or more.
            </p>
          ) : null}
        </fieldset>

        <div className="space-y-3">
          <button type="submit" disabled={preview.isPending || tooFewClinicians} className={secondaryButtonClass}>
            {preview.isPending ? "Drawing…" : "Preview the set"}
          </button>
          {preview.data && !preview.data.ok ? <ActionFeedback result={preview.data} error={null} success="" /> : null}
          {preview.error ? <ActionFeedback error={preview.error} success="" /> : null}
        </div>
      </form>

      {previewed ? (
        <section aria-labelledby="preview-heading" className="space-y-4">
          <h2 id="preview-heading" className="text-lg font-semibold text-slate-900">
            Composition
          </h2>
          <p className="text-slate-700">
            {plural(previewed.itemIds.length, "item")}, {plural(previewed.responses, "response")}, {plural(previewed.clinicians, "clinician")}: each
            clinician labels {plural(previewed.unitsPerClinician, "criterion", "criteria")}.
          </p>
          {previewed.warnings.length > 0 ? (
            <Notice tone="info" title="Please check">
              <ul className="list-disc pl-5">
                {previewed.warnings.map((w) => (
                  <li key={w}>{w}</li>
                ))}
              </ul>
            </Notice>
          ) : null}
          <Composition composition={previewed.composition} />
          <div className="space-y-3">
            <button
              type="button"
              disabled={create.isPending || name.trim() === ""}
              onClick={() => create.mutate({ ...plan, name })}
              aria-describedby={name.trim() === "" ? "create-hint" : undefined}
              className={buttonClass}
            >
              {create.isPending ? "Creating…" : "Create set"}
            </button>
            {name.trim() === "" ? (
              <p id="create-hint" className="text-sm text-slate-600">Give the set a name to create it.</p>
            ) : null}
            <ActionFeedback result={create.data} error={create.error} success="Set created." />
          </div>
        </section>
      ) : null}
    </div>
  );
}
