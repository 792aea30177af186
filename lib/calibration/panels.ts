import { DIMENSIONS } from "../bundle/schema";
import { MISSING, majorityTable } from "../stats/majority";
import { combinations } from "./combinations";
import type { UnitTable } from "./units";

/**
 * Per panel, per dimension, a 6-slot tally of the units that have a consensus:
 * [pred 0 ∧ truth 0, pred 0 ∧ truth 1, pred 1 ∧ truth 0, pred 1 ∧ truth 1,
 *  no panel verdict ∧ truth 0, no panel verdict ∧ truth 1].
 * Laid out flat: panel p, dimension d, slot s at p·STRIDE + d·SLOTS + s.
 */
export const SLOTS = 6;
export const STRIDE = DIMENSIONS.length * SLOTS;

export interface PanelTallies {
  /** Judge indices (into UnitTable.judges) of each panel, ascending. */
  panels: number[][];
  tallies: Int32Array;
}

/** The units with a consensus, compacted: unit index, and slot base (dimension·SLOTS + truth). */
export interface ConsensusUnits {
  units: Int32Array;
  cell: Int32Array;
}

export function consensusUnits(table: UnitTable, consensus: Uint8Array): ConsensusUnits {
  let m = 0;
  for (let u = 0; u < table.count; u++) if (consensus[u] !== MISSING) m++;
  const units = new Int32Array(m);
  const cell = new Int32Array(m);
  let i = 0;
  for (let u = 0; u < table.count; u++) {
    if (consensus[u] === MISSING) continue;
    units[i] = u;
    cell[i] = table.dimension[u] * SLOTS + consensus[u];
    i++;
  }
  return { units, cell };
}

/**
 * Tallies every panel of `size` judges from `pool` (indices into UnitTable.judges,
 * ascending; default every judge) against the consensus. Panels are walked in
 * lexicographic order sharing prefixes: the running base-3 code of the first judges'
 * verdicts is kept per depth, so each panel costs one pass over the units plus a
 * table lookup for its strict majority (MISSING verdicts are ignored; a tie or no
 * verdict leaves the unit out as "no panel verdict").
 */
export function tallyPanels(table: UnitTable, cu: ConsensusUnits, size: number, pool: readonly number[] = table.judges.map((_, j) => j)): PanelTallies {
  const judges = pool.length;
  const panels = combinations(judges, size).map((panel) => panel.map((j) => pool[j]));
  const tallies = new Int32Array(panels.length * STRIDE);
  if (panels.length === 0) return { panels, tallies };
  const m = cu.units.length;
  const codes = pool.map((j) => table.verdicts[j]).map((verdicts) => {
    const compact = new Int32Array(m);
    for (let i = 0; i < m; i++) compact[i] = verdicts[cu.units[i]];
    return compact;
  });
  // The majority table answers with a slot offset: 0 (pred 0), 2 (pred 1), 4 (none).
  const majority = majorityTable(size);
  const offset = new Int32Array(majority.length);
  for (let i = 0; i < majority.length; i++) offset[i] = majority[i] === MISSING ? 4 : majority[i] * 2;
  const prefix: Int32Array[] = [];
  for (let depth = 0; depth < size; depth++) prefix.push(new Int32Array(m));
  const cell = cu.cell;
  let panel = 0;
  const walk = (depth: number, start: number) => {
    const weight = 3 ** depth;
    const previous = depth === 0 ? null : prefix[depth - 1];
    for (let j = start; j <= judges - (size - depth); j++) {
      const code = codes[j];
      if (depth === size - 1) {
        const base = panel * STRIDE;
        if (previous) {
          for (let i = 0; i < m; i++) tallies[base + cell[i] + offset[previous[i] + weight * code[i]]]++;
        } else {
          for (let i = 0; i < m; i++) tallies[base + cell[i] + offset[code[i]]]++;
        }
        panel++;
      } else {
        const next = prefix[depth];
        if (previous) for (let i = 0; i < m; i++) next[i] = previous[i] + weight * code[i];
        else next.set(code);
        walk(depth + 1, j + 1);
      }
    }
  };
  walk(0, 0);
  return { panels, tallies };
}
