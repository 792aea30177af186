import { ONE, ZERO, strictMajority } from "../stats/majority";
import type { UnitTable } from "./units";

/** One panel's verdict code on every unit: the strict majority of its judges' non-missing verdicts. */
export function panelVerdicts(table: UnitTable, judges: readonly number[]): Uint8Array {
  const verdicts = new Uint8Array(table.count);
  for (let u = 0; u < table.count; u++) {
    let ones = 0;
    let zeros = 0;
    for (const j of judges) {
      const code = table.verdicts[j][u];
      if (code === ONE) ones++;
      else if (code === ZERO) zeros++;
    }
    verdicts[u] = strictMajority(ones, zeros);
  }
  return verdicts;
}
