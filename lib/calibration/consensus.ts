import { MISSING, ONE, ZERO, strictMajority } from "../stats/majority";
import type { UnitTable } from "./units";

/**
 * The clinicians' consensus per unit: the strict majority of the labels given, or
 * MISSING when fewer than two clinicians labeled the unit or they tie.
 */
export function consensusOf(table: UnitTable): Uint8Array {
  const consensus = new Uint8Array(table.count);
  for (let u = 0; u < table.count; u++) {
    let ones = 0;
    let zeros = 0;
    for (const labels of table.labels) {
      const code = labels[u];
      if (code === ONE) ones++;
      else if (code === ZERO) zeros++;
    }
    consensus[u] = ones + zeros < 2 ? MISSING : strictMajority(ones, zeros);
  }
  return consensus;
}
