import type { Bundle, Dimension } from "../bundle/schema";
import { currentRubrics } from "../bundle/references";

/**
 * What the engine needs, independent of where it came from (a bundle file or a
 * calibration set in the database): each item's criteria as pinned for this
 * calibration (a bundle pins the current = highest rubric version), the responses,
 * and the clinicians' labels and judges' verdicts on units.
 */
export interface CalibrationInput {
  items: { id: string; criteria: { id: string; dimension: Dimension; weight: number }[] }[];
  responses: { id: string; item: string }[];
  labels: { rater: string; response: string; criterion: string; verdict: boolean }[];
  verdicts: { judge: string; response: string; criterion: string; verdict: boolean | null }[];
}

export function calibrationInputFromBundle(bundle: Bundle): CalibrationInput {
  const current = currentRubrics(bundle.rubrics);
  return {
    items: bundle.items.map((item) => ({ id: item.id, criteria: current.get(item.id)?.criteria ?? [] })),
    responses: bundle.responses.map((response) => ({ id: response.id, item: response.item })),
    labels: bundle.labels,
    verdicts: bundle.verdicts,
  };
}
