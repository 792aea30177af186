import { CATEGORY_COUNT } from "./categories";

/**
 * Each unit's consensus from its category counts (`counts[u·4 + k]`): the category
 * given by more than half of its ratings when it has at least two, else -1.
 */
export function consensusOf(counts: Int32Array): Int8Array {
  const units = counts.length / CATEGORY_COUNT;
  const consensus = new Int8Array(units).fill(-1);
  for (let u = 0; u < units; u++) {
    let r = 0;
    for (let k = 0; k < CATEGORY_COUNT; k++) r += counts[u * CATEGORY_COUNT + k];
    if (r < 2) continue;
    for (let k = 0; k < CATEGORY_COUNT; k++) {
      if (2 * counts[u * CATEGORY_COUNT + k] > r) consensus[u] = k;
    }
  }
  return consensus;
}
