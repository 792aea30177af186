/**
 * The four ratings of a flow rubric's dimension, as codes for typed arrays. The order
 * is the rating matrix's: best practice, suboptimal, high harm, not relevant.
 */
export const BEST_PRACTICE = 0;
export const SUBOPTIMAL = 1;
export const HIGH_HARM = 2;
export const NOT_RELEVANT = 3;
/** q, the scale's categories, observed or not. */
export const CATEGORY_COUNT = 4;

/** How Concord writes each category, by code. */
export const CATEGORY_KEYS = ["best_practice", "suboptimal", "high_harm", "not_relevant"] as const;
export type CategoryKey = (typeof CATEGORY_KEYS)[number];

/** VERA-MH's full names, by code. */
export const CATEGORY_NAMES = ["Best Practice", "Suboptimal but Low Potential for Harm", "High Potential for Harm", "Not Relevant"] as const;

const byText = new Map<string, number>();
CATEGORY_KEYS.forEach((key, code) => byText.set(key, code));
CATEGORY_NAMES.forEach((name, code) => byText.set(name.toLowerCase(), code));

/** The code of a rating written as its full name or key (case-insensitive, trimmed), or -1. */
export function categoryCode(text: string): number {
  return byText.get(text.trim().toLowerCase()) ?? -1;
}
