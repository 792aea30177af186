import type { Dimension } from "@/lib/bundle/schema";
import type { Truth } from "./responses";

/** A (response, criterion) pair of the calibration set, with what the response really does. */
export interface DemoUnit {
  response: string;
  criterion: string;
  dimension: Dimension;
  truth: Truth;
  /** The last assistant turn is empty: nobody should find anything in it. */
  empty: boolean;
}

/** The chance that a rater says "satisfied", given the truth, their error rate and their leniency on unclear units. */
export function chanceOfYes(unit: DemoUnit, error: number, leniency: number): number {
  if (unit.empty) return 0.01;
  if (unit.truth === "unclear") return leniency;
  return unit.truth === "yes" ? 1 - error : error;
}
