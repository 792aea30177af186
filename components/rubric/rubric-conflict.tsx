"use client";

import { useState } from "react";
import { Notice } from "@/components/ui/notice";
import { buttonClass, secondaryButtonClass } from "@/components/ui/styles";
import type { Criterion } from "@/lib/bundle/schema";
import { diffRubrics } from "@/lib/rubric/diff";
import { mergeRubrics, resolveMerge, type MergeEntry, type Side } from "@/lib/rubric/merge";
import type { RubricVersionView, StoredCriterion } from "@/lib/server/authoring/rubrics";
import { DIMENSION_LABELS } from "@/lib/taxonomy";
import { RubricDiffTable } from "./rubric-diff-table";

interface Props {
  message: string;
  theirs: RubricVersionView;
  base: StoredCriterion[];
  mine: StoredCriterion[];
  onUse: (criteria: StoredCriterion[], baseVersion: number) => void;
}

function describe(c: Criterion | null, removedBy: string): string {
  return c ? `${c.text} (${DIMENSION_LABELS[c.dimension].label}, weight ${c.weight})` : `Remove it, as ${removedBy} did`;
}

/**
 * Shown when a publish was refused because someone published since the draft started:
 * both versions side by side, the changes that merge on their own, and a choice for
 * every criterion both changed. Nothing is taken from either side without the author.
 */
export function RubricConflict({ message, theirs, base, mine, onUse }: Props) {
  const [choices, setChoices] = useState<Record<string, Side>>({});
  const entries = mergeRubrics(base, theirs.criteria, mine);
  const conflicts = entries.filter((e): e is Extract<MergeEntry, { conflict: true }> => e.conflict);
  const chosen = conflicts.every((e) => choices[e.id]);
  // Provenance is only shown here: the server works it out again when the merge is saved.
  const stored = (c: Criterion): StoredCriterion => {
    const known = [...mine, ...theirs.criteria].find((k) => k.id === c.id);
    return { ...c, provenance: known?.provenance ?? "person", keptAsDrafted: known?.keptAsDrafted ?? null };
  };
  const theirName = `version ${theirs.version}`;

  return (
    <section aria-labelledby="conflict-heading" className="space-y-5 rounded-lg border-2 border-red-300 bg-white p-5">
      <h2 id="conflict-heading" className="text-lg font-semibold text-slate-900">
        Not published: {theirs.authorName} published version {theirs.version} while you were editing
      </h2>
      <Notice tone="error">{message}</Notice>
      <div>
        <h3 className="mb-2 font-semibold text-slate-900">Both versions</h3>
        <RubricDiffTable
          rows={diffRubrics(theirs.criteria, mine)}
          before={{ label: `Version ${theirs.version} by ${theirs.authorName}`, criteria: theirs.criteria }}
          after={{ label: "Your draft", criteria: mine }}
          caption={`Version ${theirs.version} and your draft, criterion by criterion`}
        />
      </div>
      <div className="space-y-3">
        <h3 className="font-semibold text-slate-900">Merge</h3>
        <p className="text-slate-700">
          {entries.length - conflicts.length} criteria merge on their own (changed on one side only).{" "}
          {conflicts.length === 0 ? "Nothing needs a choice." : `Choose a side for the ${conflicts.length} you both changed:`}
        </p>
        {conflicts.map((entry, i) => (
          <fieldset key={entry.id} className="rounded-md border border-slate-200 p-3">
            <legend className="px-1 text-sm font-semibold">Changed on both sides ({i + 1} of {conflicts.length})</legend>
            {(["theirs", "mine"] as const).map((side) => (
              <label key={side} className="mt-1 flex items-start gap-2">
                <input
                  type="radio"
                  name={`merge-${entry.id}`}
                  checked={choices[entry.id] === side}
                  onChange={() => setChoices((c) => ({ ...c, [entry.id]: side }))}
                  className="mt-1.5"
                />
                <span>
                  <span className="font-medium">{side === "theirs" ? `Keep version ${theirs.version}'s: ` : "Keep yours: "}</span>
                  {describe(entry[side], side === "theirs" ? theirName : "you")}
                </span>
              </label>
            ))}
          </fieldset>
        ))}
        <div className="flex flex-wrap gap-3">
          <button type="button" className={buttonClass} disabled={!chosen} onClick={() => onUse(resolveMerge(entries, choices).map(stored), theirs.version)}>
            Use the merged rubric
          </button>
          <button type="button" className={secondaryButtonClass} onClick={() => onUse(theirs.criteria, theirs.version)}>
            Start again from version {theirs.version}
          </button>
        </div>
      </div>
    </section>
  );
}
