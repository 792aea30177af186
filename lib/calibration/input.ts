import type { Bundle, Dimension, SetRecord, WithSets } from "../bundle/schema";
import { currentRubrics } from "../bundle/references";

/**
 * What the engine needs, independent of where it came from (a bundle file or a
 * calibration set in the database): each item's criteria as pinned for this
 * calibration (a bundle pins the current = highest rubric version, a bundle's set
 * the versions its `set` line names), the responses, and the clinicians' labels and
 * judges' verdicts on units.
 */
export interface CalibrationInput {
  items: { id: string; criteria: { id: string; dimension: Dimension; weight: number }[] }[];
  responses: { id: string; item: string }[];
  labels: { rater: string; response: string; criterion: string; verdict: boolean }[];
  verdicts: { judge: string; response: string; criterion: string; verdict: boolean | null }[];
}

/**
 * The set a bundle's figures are about: the one named by its `set` id (or, when
 * `id` is absent, the bundle's only set), null for a bundle without sets; a sentence
 * when there is no such set or several to choose from.
 */
export function chooseSet(sets: readonly SetRecord[], id?: string): SetRecord | null | string {
  if (id !== undefined) return sets.find((s) => s.id === id) ?? `the bundle has no calibration set "${id}" (its sets: ${sets.map((s) => s.id).join(", ") || "none"})`;
  if (sets.length === 0) return null;
  if (sets.length === 1) return sets[0];
  return `the bundle holds ${sets.length} calibration sets (${sets.map((s) => s.id).join(", ")}): name one with --set`;
}

/**
 * The labels and verdicts of a bundle that belong to a set pinned as `pins` (item →
 * rubric version): labels given in the set `setId` (with no set at all when `setId` is
 * undefined), and the verdicts on the pinned version of their response's item (a
 * verdict line that names no `rubric_version` is taken to be on it, as a set's export
 * before format v3 wrote them).
 */
export function setRecords(bundle: Bundle, pins: ReadonlyMap<string, number>, setId: string | undefined): Pick<CalibrationInput, "labels" | "verdicts"> {
  const itemOf = new Map(bundle.responses.map((r) => [r.id, r.item]));
  return {
    labels: bundle.labels.filter((l) => l.set === setId),
    verdicts: bundle.verdicts.filter((v) => v.rubric_version === undefined || v.rubric_version === pins.get(itemOf.get(v.response) ?? "")),
  };
}

/**
 * The engine's input from a bundle: a bundle without sets pins each item's current
 * rubric and uses every label and verdict (the set-less view); a bundle with a `set`
 * line (or, naming one, `setId`) is that set: its items on their pinned versions, its
 * responses, its clinicians' labels given in it and the verdicts on its pinned versions.
 */
export function calibrationInputFromBundle(bundle: WithSets, setId?: string): CalibrationInput {
  const set = chooseSet(bundle.sets ?? [], setId);
  if (typeof set === "string") throw new Error(set);
  if (set === null) {
    const current = currentRubrics(bundle.rubrics);
    return {
      items: bundle.items.map((item) => ({ id: item.id, criteria: current.get(item.id)?.criteria ?? [] })),
      responses: bundle.responses.map((response) => ({ id: response.id, item: response.item })),
      labels: bundle.labels,
      verdicts: bundle.verdicts,
    };
  }
  const pins = new Map(set.items.map((p) => [p.item, p.rubric_version]));
  const rubrics = new Map(bundle.rubrics.map((r) => [`${r.item}\u0000${r.version}`, r]));
  const itemOf = new Map(bundle.responses.map((r) => [r.id, r.item]));
  const inSet = new Set(set.responses);
  const clinicians = new Set(set.clinicians);
  const { labels, verdicts } = setRecords(bundle, pins, set.id);
  return {
    items: set.items.map((p) => ({ id: p.item, criteria: (rubrics.get(`${p.item}\u0000${p.rubric_version}`)?.criteria ?? []).map(({ id, dimension, weight }) => ({ id, dimension, weight })) })),
    responses: set.responses.map((id) => ({ id, item: itemOf.get(id) as string })),
    labels: labels.filter((l) => inSet.has(l.response) && clinicians.has(l.rater)),
    verdicts: verdicts.filter((v) => inSet.has(v.response)),
  };
}
