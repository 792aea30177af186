import type { RatingTerms } from "./multirater";

/** Fleiss' κ = (P̄ − P̄e)/(1 − P̄e), P̄e = Σ_k π_k². Null without units or when P̄e = 1. */
export function fleissKappa({ observed, shares }: RatingTerms): number | null {
  if (observed === null) return null;
  let chance = 0;
  for (const p of shares) chance += p * p;
  return chance === 1 ? null : (observed - chance) / (1 - chance);
}
