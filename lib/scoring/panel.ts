import { ONE, ZERO, strictMajority } from "../stats/majority";
import type { ScoringLayout } from "./layout";

/**
 * The verdict of a panel (some of the layout's panel judges, by index) on every unit:
 * the strict majority of its judges' non-missing verdicts; MISSING (unjudged) on a
 * tie or when every verdict is missing.
 */
export function panelVerdicts(layout: ScoringLayout, judges: readonly number[]): Uint8Array {
  const units = layout.unitStart[layout.responseCount];
  const out = new Uint8Array(units);
  const columns = judges.map((j) => layout.codes[j]);
  for (let u = 0; u < units; u++) {
    let ones = 0;
    let zeros = 0;
    for (const column of columns) {
      const code = column[u];
      if (code === ONE) ones++;
      else if (code === ZERO) zeros++;
    }
    out[u] = strictMajority(ones, zeros);
  }
  return out;
}
