import { CATEGORY_COUNT } from "./categories";

/**
 * Ratings of (conversation, dimension) units by raters (clinicians or judge
 * instances), as parallel typed arrays: rating i is `category[i]` given by
 * `raters[rater[i]]` to unit `unit[i]`. Unit u is conversation ⌊u/D⌋, dimension u mod D.
 * A rater rates a unit at most once.
 */
export interface RatingSet {
  dimensions: string[];
  conversations: string[];
  /** Sorted. */
  raters: string[];
  unit: Int32Array;
  rater: Int32Array;
  category: Uint8Array;
}

/** The ratings, one per index, before their names are interned. */
export interface RatingColumns {
  dimensions: string[];
  conversation: readonly string[];
  rater: readonly string[];
  /** Dimension index of each rating. */
  dimension: ArrayLike<number>;
  category: ArrayLike<number>;
}

const sortedUnique = (values: readonly string[]) => [...new Set(values)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

export function ratingSetFrom(columns: RatingColumns): RatingSet {
  const count = columns.category.length;
  const conversations = [...new Set(columns.conversation)];
  const raters = sortedUnique(columns.rater);
  const conversationIndex = new Map(conversations.map((c, i) => [c, i]));
  const raterIndex = new Map(raters.map((r, i) => [r, i]));
  const d = columns.dimensions.length;
  const set: RatingSet = {
    dimensions: columns.dimensions,
    conversations,
    raters,
    unit: new Int32Array(count),
    rater: new Int32Array(count),
    category: new Uint8Array(count),
  };
  for (let i = 0; i < count; i++) {
    set.unit[i] = (conversationIndex.get(columns.conversation[i]) ?? 0) * d + columns.dimension[i];
    set.rater[i] = raterIndex.get(columns.rater[i]) ?? 0;
    set.category[i] = columns.category[i];
  }
  return set;
}

export const unitCount = (set: RatingSet) => set.conversations.length * set.dimensions.length;

/** r_ik: how many ratings unit i has in category k, flat (`counts[i·4 + k]`). */
export function unitCounts(set: RatingSet): Int32Array {
  const counts = new Int32Array(unitCount(set) * CATEGORY_COUNT);
  for (let i = 0; i < set.unit.length; i++) counts[set.unit[i] * CATEGORY_COUNT + set.category[i]]++;
  return counts;
}
