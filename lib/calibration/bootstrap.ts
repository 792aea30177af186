import { cohenKappaCounts } from "../stats/cohen";
import { mulberry32 } from "../stats/prng";
import { percentileSorted } from "../stats/percentile";
import { MISSING } from "../stats/majority";
import type { UnitTable } from "./units";

export interface BootstrapResult {
  delta_kappa: number | null;
  ci95: [number, number] | null;
  resamples: number;
  seed: number;
}

/** Per-item confusion counts (n11, n10, n01, n00) of a panel's verdicts against the consensus. */
function itemCounts(table: UnitTable, consensus: Uint8Array, verdicts: Uint8Array, itemSlot: Int32Array, items: number): Int32Array {
  const counts = new Int32Array(items * 4);
  for (let u = 0; u < table.count; u++) {
    const slot = itemSlot[table.item[u]];
    const truth = consensus[u];
    const pred = verdicts[u];
    if (slot < 0 || truth === MISSING || pred === MISSING) continue;
    counts[slot * 4 + (pred ? (truth ? 0 : 1) : truth ? 2 : 3)]++;
  }
  return counts;
}

/**
 * Paired task-level bootstrap of Δκ = κ(A) − κ(B) (docs/metrics.md#paired-bootstrap): resample the items
 * that have a unit with a consensus, with replacement, as many as there are; each
 * resample's κ is a weighted sum of per-item confusion counts, not a recount.
 * Resamples where either κ is undefined are skipped; `resamples` reports those used.
 */
export function pairedBootstrap(
  table: UnitTable,
  consensus: Uint8Array,
  verdictsA: Uint8Array,
  verdictsB: Uint8Array,
  options: { resamples: number; seed: number },
): BootstrapResult {
  const itemSlot = new Int32Array(table.items.length).fill(-1);
  let items = 0;
  for (let u = 0; u < table.count; u++) {
    if (consensus[u] !== MISSING && itemSlot[table.item[u]] < 0) itemSlot[table.item[u]] = items++;
  }
  const a = itemCounts(table, consensus, verdictsA, itemSlot, items);
  const b = itemCounts(table, consensus, verdictsB, itemSlot, items);
  const total = (c: Int32Array) => {
    const t = [0, 0, 0, 0];
    for (let i = 0; i < c.length; i++) t[i & 3] += c[i];
    return t;
  };
  const [a11, a10, a01, a00] = total(a);
  const [b11, b10, b01, b00] = total(b);
  const ka = cohenKappaCounts(a11, a10, a01, a00);
  const kb = cohenKappaCounts(b11, b10, b01, b00);
  const observed = ka === null || kb === null ? null : ka - kb;

  const random = mulberry32(options.seed);
  const weights = new Int32Array(items);
  const deltas = new Float64Array(options.resamples);
  let used = 0;
  for (let r = 0; r < options.resamples && items > 0; r++) {
    weights.fill(0);
    for (let i = 0; i < items; i++) weights[Math.floor(random() * items)]++;
    let x11 = 0, x10 = 0, x01 = 0, x00 = 0, y11 = 0, y10 = 0, y01 = 0, y00 = 0;
    for (let i = 0; i < items; i++) {
      const w = weights[i];
      if (w === 0) continue;
      const at = i * 4;
      x11 += w * a[at]; x10 += w * a[at + 1]; x01 += w * a[at + 2]; x00 += w * a[at + 3];
      y11 += w * b[at]; y10 += w * b[at + 1]; y01 += w * b[at + 2]; y00 += w * b[at + 3];
    }
    const kx = cohenKappaCounts(x11, x10, x01, x00);
    const ky = cohenKappaCounts(y11, y10, y01, y00);
    if (kx === null || ky === null) continue;
    deltas[used++] = kx - ky;
  }
  const sorted = deltas.subarray(0, used).sort();
  const low = percentileSorted(sorted, 0.025);
  const high = percentileSorted(sorted, 0.975);
  return {
    delta_kappa: observed,
    ci95: low === null || high === null ? null : [low, high],
    resamples: used,
    seed: options.seed,
  };
}
