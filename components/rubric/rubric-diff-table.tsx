import type { Criterion } from "@/lib/bundle/schema";
import type { CriterionDiff, WordSegment } from "@/lib/rubric/diff";
import type { StoredCriterion } from "@/lib/server/authoring/rubrics";
import { DIMENSION_LABELS } from "@/lib/taxonomy";
import { ProvenanceBadge } from "./provenance";
import { WordDiff } from "./word-diff";

export interface DiffSide {
  label: string;
  criteria: StoredCriterion[];
}

/** The kinds of change of one diff row, as people say them. */
export function changeLabel(row: CriterionDiff): string {
  if (row.status === "added") return "Added";
  if (row.status === "removed") return "Removed";
  if (row.status === "kept") return "Kept";
  const kinds = [row.reworded && "reworded", row.reweighted && "reweighted", row.dimensionChanged && "dimension changed"].filter(Boolean).join(", ");
  return kinds.charAt(0).toUpperCase() + kinds.slice(1);
}

export function diffSummary(rows: CriterionDiff[]): string {
  const count = (test: (r: CriterionDiff) => boolean) => rows.filter(test).length;
  const changed = (key: "reworded" | "reweighted" | "dimensionChanged") => count((r) => r.status === "changed" && r[key]);
  return [
    `${changed("reworded")} reworded`,
    `${changed("reweighted")} reweighted`,
    `${changed("dimensionChanged")} moved to another dimension`,
    `${count((r) => r.status === "added")} added`,
    `${count((r) => r.status === "removed")} removed`,
    `${count((r) => r.status === "kept")} kept`,
  ].join(" · ");
}

const ROW_TONE: Record<CriterionDiff["status"], string> = {
  kept: "",
  changed: "bg-amber-50/60",
  added: "bg-emerald-50/60",
  removed: "bg-red-50/60",
};

function Cell({ criterion, stored, words, side, dimensionChanged, reweighted }: {
  criterion: Criterion | undefined;
  stored: StoredCriterion | undefined;
  words: WordSegment[] | null;
  side: "before" | "after";
  dimensionChanged: boolean;
  reweighted: boolean;
}) {
  if (!criterion) return <td className="px-3 py-2 align-top text-slate-500">—</td>;
  const mark = "font-semibold text-amber-900";
  return (
    <td className="px-3 py-2 align-top">
      <p>{words ? <WordDiff words={words} side={side} /> : criterion.text}</p>
      <p className="mt-1 text-sm text-slate-600">
        <span className={dimensionChanged ? mark : undefined}>{DIMENSION_LABELS[criterion.dimension].label}</span> · weight{" "}
        <span className={reweighted ? mark : undefined}>{criterion.weight}</span>
      </p>
      {stored ? (
        <p className="mt-1">
          <ProvenanceBadge provenance={stored.provenance} keptAsDrafted={stored.keptAsDrafted} />
        </p>
      ) : null}
    </td>
  );
}

/** Two versions of a rubric side by side, criterion by criterion, with word-level highlighting of rewording. */
export function RubricDiffTable({ rows, before, after, caption }: { rows: CriterionDiff[]; before: DiffSide; after: DiffSide; caption: string }) {
  const find = (side: DiffSide, id: string) => side.criteria.find((c) => c.id === id);
  return (
    <div className="space-y-2">
      <p className="text-sm font-medium text-slate-800">{diffSummary(rows)}</p>
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <table className="w-full table-fixed text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="w-32 px-3 py-2 font-semibold">Change</th>
              <th scope="col" className="px-3 py-2 font-semibold">{before.label}</th>
              <th scope="col" className="px-3 py-2 font-semibold">{after.label}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => {
              const changed = row.status === "changed" ? row : null;
              const b = row.status === "added" ? undefined : row.before;
              const a = row.status === "removed" ? undefined : row.after;
              return (
                <tr key={row.id} className={ROW_TONE[row.status]}>
                  <th scope="row" className="px-3 py-2 align-top font-medium">{changeLabel(row)}</th>
                  <Cell criterion={b} stored={find(before, row.id)} words={changed?.reworded ? changed.words : null} side="before" dimensionChanged={Boolean(changed?.dimensionChanged)} reweighted={Boolean(changed?.reweighted)} />
                  <Cell criterion={a} stored={find(after, row.id)} words={changed?.reworded ? changed.words : null} side="after" dimensionChanged={Boolean(changed?.dimensionChanged)} reweighted={Boolean(changed?.reweighted)} />
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
