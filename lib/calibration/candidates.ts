import { MISSING } from "../stats/majority";
import { consensusOf } from "./consensus";
import type { CalibrationInput } from "./input";
import { consensusUnits, type ConsensusUnits } from "./panels";
import { buildUnitTable, type UnitTable } from "./units";

/**
 * Candidate judges (docs/metrics.md, "Candidate judges"): a judge's coverage is the
 * share of the units with a consensus on which it has a non-missing verdict; only
 * judges whose coverage reaches `min_coverage` enter panels, the bootstrap and the
 * ablation. A judge with few verdicts would otherwise flatter every panel it joins:
 * the panel falls back to its other judges and drops the (hard) units where they tie.
 */
export const DEFAULT_MIN_COVERAGE = 0.95;

/**
 * A number as the exact fraction its shortest decimal spelling names (0.95 → 95/100,
 * 1e-7 → 1/10⁷), so "coverage ≥ min_coverage" compares integers, not doubles:
 * 19/20 covered must pass 0.95 even though the double 0.95 is slightly above 19/20.
 */
export function decimalFraction(x: number): { num: bigint; den: bigint } {
  if (!Number.isFinite(x)) throw new RangeError(`not a finite number: ${x}`);
  const [mantissa, exponentText] = String(x).toLowerCase().split("e");
  const exponent = exponentText === undefined ? 0 : Number(exponentText);
  const negative = mantissa.startsWith("-");
  const [whole, fraction = ""] = mantissa.replace("-", "").split(".");
  let num = BigInt(whole + fraction) * (negative ? -1n : 1n);
  let den = 10n ** BigInt(fraction.length);
  if (exponent >= 0) num *= 10n ** BigInt(exponent);
  else den *= 10n ** BigInt(-exponent);
  return { num, den };
}

/** covered / total ≥ min, exactly. With no unit to cover (total 0) no judge is a candidate. */
export function meetsCoverage(covered: number, total: number, min: number): boolean {
  if (total === 0) return false;
  const { num, den } = decimalFraction(min);
  return BigInt(covered) * den >= num * BigInt(total);
}

export function checkMinCoverage(min: number): void {
  if (!Number.isFinite(min) || min < 0 || min > 1) throw new RangeError(`minimum coverage must be a number from 0 to 1, not ${min}`);
}

/** Per judge (UnitTable order), how many of the consensus units it has a non-missing verdict on. */
export function coveredUnits(table: UnitTable, cu: ConsensusUnits): Int32Array {
  const covered = new Int32Array(table.judges.length);
  table.verdicts.forEach((verdicts, j) => {
    for (const u of cu.units) if (verdicts[u] !== MISSING) covered[j]++;
  });
  return covered;
}

/** The candidate judges of an input: coverage over every unit of it with a consensus. */
export function candidateJudges(input: CalibrationInput, minCoverage: number): string[] {
  checkMinCoverage(minCoverage);
  const table = buildUnitTable(input);
  const cu = consensusUnits(table, consensusOf(table));
  const covered = coveredUnits(table, cu);
  return table.judges.filter((_, j) => meetsCoverage(covered[j], cu.units.length, minCoverage));
}
