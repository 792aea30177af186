import { pairedBootstrap, type BootstrapResult } from "./bootstrap";
import { clinicianAgreement, type ClinicianAgreement } from "./clinicians";
import { consensusOf } from "./consensus";
import { panelConfusion, panelFigures } from "./figures";
import { isPanelSize, type PanelFigures } from "./schema";
import type { CalibrationInput } from "./input";
import { consensusUnits, tallyPanels } from "./panels";
import { panelVerdicts } from "./panelVerdicts";
import { compareRank, rankKey } from "./ranking";
import { ablation, type AblationEntry } from "./ablation";
import { buildUnitTable, dimensionsPresent, type UnitTable } from "./units";
import { MISSING } from "../stats/majority";
import { checkMinCoverage, coveredUnits, DEFAULT_MIN_COVERAGE, meetsCoverage } from "./candidates";

export interface CalibrationOptions {
  /** Judges per panel: odd, 1..7 (default 3). */
  panelSize: number;
  /** Bootstrap resamples (default 10,000). */
  resamples: number;
  seed: number;
  /** The least coverage of the consensus units a judge needs to be a candidate (default 0.95). */
  minCoverage: number;
  /**
   * The candidate judges, decided elsewhere: a hold-out decides them once over the
   * whole set and ranks and reports its two splits with the same ones.
   */
  candidates?: readonly string[];
}

export const DEFAULT_OPTIONS: CalibrationOptions = { panelSize: 3, resamples: 10_000, seed: 20260714, minCoverage: DEFAULT_MIN_COVERAGE };

export type JudgeFigures = PanelFigures & { judge: string; coverage: number | null; candidate: boolean };

export interface CalibrationReport {
  units: { total: number; with_consensus: number; no_consensus: number };
  clinicians: ClinicianAgreement;
  judges: JudgeFigures[];
  panels: (PanelFigures & { rank: number; judges: string[] })[];
  comparison: (BootstrapResult & { a: string[]; b: string[] }) | null;
  ablation: Record<string, AblationEntry>;
  panel_size: number;
  min_coverage: number;
}

/** Time spent per phase, for the benchmark. */
export type PhaseTimes = Record<"consensus" | "panels" | "bootstrap" | "ablation", number>;

/** The whole calibration report of docs/report.md, computed per docs/metrics.md. */
export function calibrate(input: CalibrationInput, options: Partial<CalibrationOptions> = {}, phases?: PhaseTimes): CalibrationReport {
  const { panelSize, resamples, seed, minCoverage, candidates } = { ...DEFAULT_OPTIONS, ...options };
  checkMinCoverage(minCoverage);
  if (!isPanelSize(panelSize)) {
    throw new RangeError(`panel size must be an odd number from 1 to 7, not ${panelSize}`);
  }
  let clock = performance.now();
  const lap = (phase: keyof PhaseTimes) => {
    const now = performance.now();
    if (phases) phases[phase] = now - clock;
    clock = now;
  };
  const table = buildUnitTable(input);
  const dimensions = dimensionsPresent(table);
  const consensus = consensusOf(table);
  let withConsensus = 0;
  for (let u = 0; u < table.count; u++) if (consensus[u] !== MISSING) withConsensus++;
  const clinicians = clinicianAgreement(table, dimensions);
  const cu = consensusUnits(table, consensus);
  lap("consensus");

  const singles = tallyPanels(table, cu, 1);
  const m = cu.units.length;
  const chosen = candidates ? new Set(candidates) : null;
  const covered = coveredUnits(table, cu);
  const judges: JudgeFigures[] = table.judges.map((judge, j) => ({
    judge,
    ...panelFigures(singles.tallies, j, dimensions),
    coverage: m === 0 ? null : covered[j] / m,
    candidate: chosen ? chosen.has(judge) : meetsCoverage(covered[j], m, minCoverage),
  }));
  const pool = judges.flatMap((judge, j) => (judge.candidate ? [j] : []));
  const tallies = tallyPanels(table, cu, panelSize, pool);
  const ids = (panel: number[]) => panel.map((j) => table.judges[j]);
  const ranked = tallies.panels.map((panel, p) => rankKey(panelConfusion(tallies.tallies, p, dimensions).confusion, ids(panel).join(",")));
  const order = ranked.map((_, p) => p).sort((a, b) => compareRank(ranked[a], ranked[b]));
  const panels = order.map((p, r) => ({ rank: r + 1, judges: ids(tallies.panels[p]), ...panelFigures(tallies.tallies, p, dimensions) }));
  lap("panels");

  const comparison = order.length < 2 ? null : compare(table, consensus, tallies.panels[order[0]], tallies.panels[order[1]], { resamples, seed });
  lap("bootstrap");
  const ablations = ablation(tallies, table.judges, dimensions, order.length ? order[0] : null);
  lap("ablation");

  return {
    units: { total: table.count, with_consensus: withConsensus, no_consensus: table.count - withConsensus },
    clinicians,
    judges,
    panels,
    comparison,
    ablation: ablations,
    panel_size: panelSize,
    min_coverage: minCoverage,
  };
}

function compare(table: UnitTable, consensus: Uint8Array, a: number[], b: number[], options: { resamples: number; seed: number }) {
  const result = pairedBootstrap(table, consensus, panelVerdicts(table, a), panelVerdicts(table, b), options);
  return { a: a.map((j) => table.judges[j]), b: b.map((j) => table.judges[j]), ...result };
}
