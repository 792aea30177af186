import { pairedBootstrap } from "../calibration/bootstrap";
import { consensusOf } from "../calibration/consensus";
import type { PanelFigures } from "../calibration/schema";
import type { CalibrationInput } from "../calibration/input";
import { panelVerdicts } from "../calibration/panelVerdicts";
import type { CalibrationReport } from "../calibration/report";
import { buildUnitTable, byCodeUnit } from "../calibration/units";

/** Δκ of a panel against its nearest rival (rank 2 for the top panel, rank 1 otherwise), with its paired-bootstrap interval. */
export interface PanelInterval {
  against: string[];
  against_rank: number;
  delta_kappa: number | null;
  ci95: [number, number] | null;
  resamples: number;
  seed: number;
}

export interface PanelEvaluation {
  rank: number;
  panels_ranked: number;
  /** On the items panels were ranked on. */
  figures: PanelFigures;
  /** Held out: on the private-split items the ranking never saw. */
  reported_figures: PanelFigures | null;
  interval: PanelInterval | null;
}

/** A panel's identity: its judge ids, sorted (code-unit order) and joined with ",", as docs/metrics.md#ranking ranks them. */
export function panelKey(judges: readonly string[]): string {
  return [...judges].sort(byCodeUnit).join(",");
}

function figuresOf(panel: PanelFigures): PanelFigures {
  const { units, excluded, accuracy, kappa, macro_f1, gwet_ac1, by_dimension } = panel;
  return { units, excluded, accuracy, kappa, macro_f1, gwet_ac1, by_dimension };
}

/**
 * Everything a freeze records about one panel, from the engine's reports: its rank
 * and figures where panels were ranked, its figures on the held-out items, and its
 * Δκ interval. The top panel's interval is the report's own comparison; any other
 * panel is bootstrapped against the top one by the engine's paired bootstrap.
 * Null when the report has no such panel.
 */
export function evaluatePanel(args: {
  judges: readonly string[];
  rankInput: CalibrationInput;
  rankReport: CalibrationReport;
  heldOutReport: CalibrationReport | null;
  options: { resamples: number; seed: number };
}): PanelEvaluation | null {
  const key = panelKey(args.judges);
  const panel = args.rankReport.panels.find((p) => p.judges.join(",") === key);
  if (!panel) return null;
  const held = args.heldOutReport?.panels.find((p) => p.judges.join(",") === key) ?? null;
  return {
    rank: panel.rank,
    panels_ranked: args.rankReport.panels.length,
    figures: figuresOf(panel),
    reported_figures: held ? figuresOf(held) : null,
    interval: intervalOf(panel, args),
  };
}

function intervalOf(panel: CalibrationReport["panels"][number], args: Parameters<typeof evaluatePanel>[0]): PanelInterval | null {
  const { rankReport, rankInput, options } = args;
  if (panel.rank === 1) {
    const c = rankReport.comparison;
    return c ? { against: c.b, against_rank: 2, delta_kappa: c.delta_kappa, ci95: c.ci95, resamples: c.resamples, seed: c.seed } : null;
  }
  const top = rankReport.panels[0];
  const table = buildUnitTable(rankInput);
  const indices = (judges: string[]) => judges.map((judge) => table.judges.indexOf(judge));
  const result = pairedBootstrap(table, consensusOf(table), panelVerdicts(table, indices(panel.judges)), panelVerdicts(table, indices(top.judges)), options);
  return { against: top.judges, against_rank: 1, ...result };
}
