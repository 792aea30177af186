import { diffWords } from "diff";
import type { Criterion } from "@/lib/bundle/schema";

export interface WordSegment {
  kind: "same" | "added" | "removed";
  text: string;
}

/**
 * One criterion across two versions, paired by id (ids carry identity across versions,
 * docs/format.md#kind-rubric). A paired criterion may be reworded, reweighted and given another dimension at once; it is
 * `kept` when none of the three applies.
 */
export type CriterionDiff =
  | { status: "added"; id: string; after: Criterion }
  | { status: "removed"; id: string; before: Criterion }
  | {
      status: "kept" | "changed";
      id: string;
      before: Criterion;
      after: Criterion;
      reworded: boolean;
      reweighted: boolean;
      dimensionChanged: boolean;
      words: WordSegment[];
    };

/** Word-level diff of two texts (reference versions, criterion wording). */
export function diffTexts(a: string, b: string): WordSegment[] {
  return diffWords(a, b).map((change) => ({
    kind: change.added ? "added" : change.removed ? "removed" : "same",
    text: change.value,
  }));
}

export interface CriterionChanges {
  reworded: boolean;
  reweighted: boolean;
  dimensionChanged: boolean;
}

/** What changed between two versions of one criterion. Whitespace-only edits are not a rewording. */
export function criterionChanges(before: Criterion, after: Criterion): CriterionChanges {
  const norm = (s: string) => s.trim().replace(/\s+/g, " ");
  return {
    reworded: norm(before.text) !== norm(after.text),
    reweighted: before.weight !== after.weight,
    dimensionChanged: before.dimension !== after.dimension,
  };
}

function pair(before: Criterion, after: Criterion): CriterionDiff {
  const { reworded, reweighted, dimensionChanged } = criterionChanges(before, after);
  return {
    status: reworded || reweighted || dimensionChanged ? "changed" : "kept",
    id: after.id,
    before,
    after,
    reworded,
    reweighted,
    dimensionChanged,
    words: reworded ? diffTexts(before.text, after.text) : [{ kind: "same", text: after.text }],
  };
}

/**
 * Diff from version `a` to version `b`, in `b`'s order. A removed criterion is placed
 * right after the nearest criterion that preceded it in `a` and survives in `b` (or
 * first, when none did), so it shows where it stood.
 */
export function diffRubrics(a: readonly Criterion[], b: readonly Criterion[]): CriterionDiff[] {
  const inA = new Map(a.map((c) => [c.id, c]));
  const inB = new Set(b.map((c) => c.id));
  const leading: CriterionDiff[] = [];
  const after = new Map<string, CriterionDiff[]>();
  let anchor: string | null = null;
  for (const c of a) {
    if (inB.has(c.id)) {
      anchor = c.id;
      continue;
    }
    const removed: CriterionDiff = { status: "removed", id: c.id, before: c };
    if (anchor === null) leading.push(removed);
    else after.set(anchor, [...(after.get(anchor) ?? []), removed]);
  }
  const result = [...leading];
  for (const c of b) {
    const before = inA.get(c.id);
    result.push(before ? pair(before, c) : { status: "added", id: c.id, after: c });
    result.push(...(after.get(c.id) ?? []));
  }
  return result;
}
