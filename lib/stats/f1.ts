import type { Confusion } from "./confusion";

/**
 * Macro-F1 of rater A's verdicts against truth B: the mean of the F1 of class 1 and
 * of class 0. A class with no true and no predicted members has no F1 and is left
 * out of the mean; with neither class defined the result is null.
 */
export function macroF1(c: Confusion): number | null {
  const d1 = 2 * c.n11 + c.n10 + c.n01;
  const d0 = 2 * c.n00 + c.n10 + c.n01;
  if (d1 === 0 && d0 === 0) return null;
  if (d1 === 0) return (2 * c.n00) / d0;
  if (d0 === 0) return (2 * c.n11) / d1;
  return ((2 * c.n11) / d1 + (2 * c.n00) / d0) / 2;
}
