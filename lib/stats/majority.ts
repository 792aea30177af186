/** Verdict codes used in the engine's typed arrays. */
export const ZERO = 0;
export const ONE = 1;
export const MISSING = 2;

/**
 * Strict majority of binary verdicts, ignoring missing ones: ONE when more 1s than
 * 0s, ZERO when more 0s than 1s, MISSING on a tie or when every verdict is missing.
 */
export function strictMajority(ones: number, zeros: number): number {
  if (ones > zeros) return ONE;
  if (zeros > ones) return ZERO;
  return MISSING;
}

/**
 * A lookup table for panels of `size` judges: index Σ code_j·3^j (code ∈ ZERO, ONE,
 * MISSING) → the panel's strict-majority verdict code. 3^7 = 2187 entries at most.
 */
export function majorityTable(size: number): Uint8Array {
  const table = new Uint8Array(3 ** size);
  for (let index = 0; index < table.length; index++) {
    let ones = 0;
    let zeros = 0;
    let rest = index;
    for (let j = 0; j < size; j++) {
      const code = rest % 3;
      rest = (rest - code) / 3;
      if (code === ONE) ones++;
      else if (code === ZERO) zeros++;
    }
    table[index] = strictMajority(ones, zeros);
  }
  return table;
}
