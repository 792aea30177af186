import type { Confusion } from "../stats/confusion";
import { cohenKappa } from "../stats/cohen";
import { macroF1 } from "../stats/f1";

/**
 * What ranking compares: κ, macro-F1 (as floats for speed, and as exact integer
 * fractions so that mathematically equal figures tie however the floats round), and
 * the panel's key (its sorted judge ids joined with ",").
 */
export interface RankKey {
  kappa: number | null;
  macroF1: number | null;
  confusion: Confusion;
  key: string;
}

export function rankKey(confusion: Confusion, key: string): RankKey {
  return { kappa: cohenKappa(confusion), macroF1: macroF1(confusion), confusion, key };
}

type Fraction = [bigint, bigint];

function kappaFraction(c: Confusion): Fraction {
  const n = BigInt(c.n11 + c.n10 + c.n01 + c.n00);
  const a1 = BigInt(c.n11 + c.n10);
  const b1 = BigInt(c.n11 + c.n01);
  const chance = a1 * b1 + (n - a1) * (n - b1);
  return [n * BigInt(c.n11 + c.n00) - chance, n * n - chance];
}

function macroF1Fraction(c: Confusion): Fraction {
  const d1 = BigInt(2 * c.n11 + c.n10 + c.n01);
  const d0 = BigInt(2 * c.n00 + c.n10 + c.n01);
  const t1 = BigInt(2 * c.n11);
  const t0 = BigInt(2 * c.n00);
  if (d1 === 0n) return [t0, d0];
  if (d0 === 0n) return [t1, d1];
  return [t1 * d0 + t0 * d1, 2n * d1 * d0];
}

/** Compares two figures, larger first, null last; `exact` settles near-equal floats. */
function compareFigure(a: number | null, b: number | null, exact: () => number): number {
  if (a === null || b === null) return a === null ? (b === null ? 0 : 1) : -1;
  if (Math.abs(a - b) > 1e-9) return b - a;
  return exact();
}

function compareFractions([pa, qa]: Fraction, [pb, qb]: Fraction): number {
  // larger first; denominators are positive whenever the figure is defined
  const left = pa * qb;
  const right = pb * qa;
  return left > right ? -1 : left < right ? 1 : 0;
}

/** docs/metrics.md#ranking: κ descending, then macro-F1 descending, then key ascending (code units). */
export function compareRank(a: RankKey, b: RankKey): number {
  return (
    compareFigure(a.kappa, b.kappa, () => compareFractions(kappaFraction(a.confusion), kappaFraction(b.confusion))) ||
    compareFigure(a.macroF1, b.macroF1, () => compareFractions(macroF1Fraction(a.confusion), macroF1Fraction(b.confusion))) ||
    (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)
  );
}
