import { pairedBootstrap, type BootstrapResult } from "./bootstrap";
import { clinicianAgreement, type ClinicianAgreement } from "./clinicians";
import { consensusOf } from "./consensus";
import { confusionOf, panelFigures, type PanelFigures } from "./figures";
import type { CalibrationInput } from "./input";
import { consensusUnits, tallyPanels } from "./panels";
import { panelVerdicts } from "./panelVerdicts";
import { compareRank, rankKey } from "./ranking";
import { ablation, type AblationEntry } from "./ablation";
import { buildUnitTable, dimensionsPresent, type UnitTable } from "./units";
import { MISSING } from "../stats/majority";

export interface CalibrationOptions {
  /** Judges per panel: odd, 1..7 (default 3). */
  panelSize: number;
  /** Bootstrap resamples (default 10,000). */
  resamples: number;
  seed: number;
}

export const DEFAULT_OPTIONS: CalibrationOptions = { panelSize: 3, resamples: 10_000, seed: 20260714 };

export interface CalibrationReport {
  units: { total: number; with_consensus: number; no_consensus: number };
  clinicians: ClinicianAgreement;
  judges: (PanelFigures & { judge: string })[];
  panels: (PanelFigures & { rank: number; judges: string[] })[];
  comparison: (BootstrapResult & { a: string[]; b: string[] }) | null;
  ablation: Record<string, AblationEntry>;
  panel_size: number;
}

/** Time spent per phase, for the benchmark. */
export type PhaseTimes = Record<"consensus" | "panels" | "bootstrap" | "ablation", number>;

/** The whole calibration report of docs/report.md, computed per docs/metrics.md. */
export function calibrate(input: CalibrationInput, options: Partial<CalibrationOptions> = {}, phases?: PhaseTimes): CalibrationReport {
  const { panelSize, resamples, seed } = { ...DEFAULT_OPTIONS, ...options };
  if (!Number.isInteger(panelSize) || panelSize < 1 || panelSize > 7 || panelSize % 2 === 0) {
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
  const judges = table.judges.map((judge, j) => ({ judge, ...panelFigures(singles.tallies, j, dimensions) }));
  const tallies = tallyPanels(table, cu, panelSize);
  const ids = (panel: number[]) => panel.map((j) => table.judges[j]);
  const ranked = tallies.panels.map((panel, p) => rankKey(confusionOf(tallies.tallies, p, dimensions).confusion, ids(panel).join(",")));
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
  };
}

function compare(table: UnitTable, consensus: Uint8Array, a: number[], b: number[], options: { resamples: number; seed: number }) {
  const result = pairedBootstrap(table, consensus, panelVerdicts(table, a), panelVerdicts(table, b), options);
  return { a: a.map((j) => table.judges[j]), b: b.map((j) => table.judges[j]), ...result };
}
