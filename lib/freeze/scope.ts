import { z } from "zod";
import type { ItemRecord, WithSets } from "../bundle/schema";
import { setRecords, type CalibrationInput } from "../calibration/input";

/**
 * How panels are chosen: on every item of the set, or held out — ranked on the
 * public-split items and reported on the private-split items, so the figures of the
 * chosen panel are not inflated by the choice itself (the winner's curse).
 */
export const Selection = z.enum(["all", "holdout"]);
export type Selection = z.infer<typeof Selection>;

type Split = ItemRecord["split"];

/** The items a selection ranks panels on, and the items it reports the chosen panel on (null: the same). */
export function splitsOf(selection: Selection): { rankOn: Split | null; reportOn: Split | null } {
  return selection === "holdout" ? { rankOn: "public", reportOn: "private" } : { rankOn: null, reportOn: null };
}

/** The input restricted to the items of one split (null keeps every item). */
export function restrictToSplit(input: CalibrationInput, splitOf: ReadonlyMap<string, Split>, split: Split | null): CalibrationInput {
  if (split === null) return input;
  const items = input.items.filter((item) => splitOf.get(item.id) === split);
  const kept = new Set(items.map((item) => item.id));
  const responses = input.responses.filter((response) => kept.has(response.item));
  const inScope = new Set(responses.map((response) => response.id));
  return {
    items,
    responses,
    labels: input.labels.filter((label) => inScope.has(label.response)),
    verdicts: input.verdicts.filter((verdict) => inScope.has(verdict.response)),
  };
}

/**
 * What a calibration set was at freeze time, enough to rebuild the engine's input
 * from a bundle: its responses, its clinicians (only their labels form the
 * consensus), each item's pinned rubric version, and the engine's options.
 */
export const FreezeScope = z.strictObject({
  responses: z.array(z.string()).min(1),
  clinicians: z.array(z.string()),
  rubric_versions: z.record(z.string(), z.number().int().min(1)),
  resamples: z.number().int().min(0),
  seed: z.number().int(),
  /** The least judge coverage the freeze ranked with; absent in records frozen before the rule, which ranked every judge. */
  min_coverage: z.number().min(0).max(1).optional(),
});
export type FreezeScope = z.infer<typeof FreezeScope>;

/**
 * The engine's input for a frozen scope, taken from a bundle (the pinned rubric
 * version of each item, not its newest), with the item splits. In a bundle with `set`
 * lines, the labels are those given in the set named `setName` (a bundle without sets:
 * its set-less labels), and the verdicts those on the pinned versions. Anything the
 * scope needs that the bundle lacks is listed in `missing`.
 */
export function inputFromBundle(bundle: WithSets, scope: FreezeScope, setName?: string): { input: CalibrationInput; splitOf: Map<string, Split>; missing: string[] } {
  const missing: string[] = [];
  const splitOf = new Map(bundle.items.map((item) => [item.id, item.split]));
  const rubrics = new Map(bundle.rubrics.map((rubric) => [`${rubric.item}\u0000${rubric.version}`, rubric]));
  const items: CalibrationInput["items"] = [];
  for (const [item, version] of Object.entries(scope.rubric_versions)) {
    const rubric = rubrics.get(`${item}\u0000${version}`);
    if (!splitOf.has(item)) missing.push(`item "${item}"`);
    if (!rubric) missing.push(`rubric version ${version} of item "${item}"`);
    else items.push({ id: item, criteria: rubric.criteria.map(({ id, dimension, weight }) => ({ id, dimension, weight })) });
  }
  const itemOf = new Map(bundle.responses.map((response) => [response.id, response.item]));
  const responses: CalibrationInput["responses"] = [];
  for (const id of scope.responses) {
    const item = itemOf.get(id);
    if (item === undefined) missing.push(`response "${id}"`);
    else responses.push({ id, item });
  }
  const inScope = new Set(scope.responses);
  const clinicians = new Set(scope.clinicians);
  const set = (bundle.sets ?? []).find((s) => s.name === setName);
  const { labels, verdicts } = setRecords(bundle, new Map(Object.entries(scope.rubric_versions)), set?.id);
  const input: CalibrationInput = {
    items,
    responses,
    labels: labels.filter((label) => inScope.has(label.response) && clinicians.has(label.rater)),
    verdicts: verdicts.filter((verdict) => inScope.has(verdict.response)),
  };
  return { input, splitOf, missing };
}
