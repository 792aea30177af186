import type { Criterion } from "@/lib/bundle/schema";
import { criterionChanges } from "./diff";

export type Side = "theirs" | "mine";

/**
 * One criterion of a three-way merge between the version a draft started from
 * (`base`), the version published since (`theirs`) and the draft (`mine`). Where only
 * one side changed a criterion, that change wins on its own; where both changed it
 * differently, the author chooses. `null` stands for "removed".
 */
export type MergeEntry =
  | { id: string; conflict: false; from: Side | "both"; criterion: Criterion | null }
  | { id: string; conflict: true; theirs: Criterion | null; mine: Criterion | null };

const differs = (a: Criterion, b: Criterion) => {
  const c = criterionChanges(a, b);
  return c.reworded || c.reweighted || c.dimensionChanged;
};

function entry(id: string, base?: Criterion, theirs?: Criterion, mine?: Criterion): MergeEntry {
  const t = theirs ?? null;
  const m = mine ?? null;
  const changedBy = (side: Criterion | null) => (base ? side === null || differs(base, side) : side !== null);
  const theyChanged = changedBy(t);
  const iChanged = changedBy(m);
  if (!theyChanged) return { id, conflict: false, from: iChanged ? "mine" : "both", criterion: m };
  if (!iChanged) return { id, conflict: false, from: "theirs", criterion: t };
  if (t === null && m === null) return { id, conflict: false, from: "both", criterion: null };
  if (t && m && !differs(t, m)) return { id, conflict: false, from: "both", criterion: t };
  return { id, conflict: true, theirs: t, mine: m };
}

/**
 * The merge, in `theirs` order: criteria only the draft has follow the criterion they
 * followed in the draft; criteria both sides removed come last.
 */
export function mergeRubrics(base: readonly Criterion[], theirs: readonly Criterion[], mine: readonly Criterion[]): MergeEntry[] {
  const byId = (list: readonly Criterion[]) => new Map(list.map((c) => [c.id, c]));
  const [b, t, m] = [byId(base), byId(theirs), byId(mine)];
  const order = theirs.map((c) => c.id);
  let anchor = -1;
  for (const c of mine) {
    const at = order.indexOf(c.id);
    if (at >= 0) {
      anchor = at;
      continue;
    }
    order.splice(anchor + 1, 0, c.id);
    anchor += 1;
  }
  for (const c of base) if (!order.includes(c.id)) order.push(c.id);
  return order.map((id) => entry(id, b.get(id), t.get(id), m.get(id)));
}

/** The merged rubric, once every conflict has a chosen side (unchosen conflicts keep the draft's). */
export function resolveMerge(entries: readonly MergeEntry[], choices: Readonly<Record<string, Side>>): Criterion[] {
  return entries.flatMap((e) => {
    const picked = e.conflict ? (choices[e.id] === "theirs" ? e.theirs : e.mine) : e.criterion;
    return picked ? [picked] : [];
  });
}
