import { share, fmt } from "../format";
import type { CalibrationReport } from "./report";

/** A short human summary of a report (the CLI prints it to stderr). */
export function reportSummary(report: CalibrationReport): string {
  const lines: string[] = [];
  const c = report.clinicians;
  lines.push(
    `units: ${report.units.total} (${report.units.with_consensus} with consensus, ${report.units.no_consensus} without)`,
    `clinicians (${c.raters.length}): Fleiss κ ${fmt(c.fleiss_kappa)}, AC1 ${fmt(c.gwet_ac1)}, agreement ${fmt(c.percent_agreement)} over ${c.units} complete units`,
    ...notCandidates(report),
    `panels of ${report.panel_size}: ${report.panels.length}; top 5:`,
  );
  for (const panel of report.panels.slice(0, 5)) {
    lines.push(`  #${panel.rank} ${panel.judges.join(", ")}  κ ${fmt(panel.kappa, 4)}  macro-F1 ${fmt(panel.macro_f1, 4)}  AC1 ${fmt(panel.gwet_ac1, 4)}`);
  }
  const cmp = report.comparison;
  if (cmp) {
    const ci = cmp.ci95 ? `[${fmt(cmp.ci95[0], 4)}, ${fmt(cmp.ci95[1], 4)}]` : "undefined";
    const distinct = cmp.ci95 && (cmp.ci95[0] > 0 || cmp.ci95[1] < 0);
    lines.push(
      `rank 1 vs rank 2: Δκ ${fmt(cmp.delta_kappa, 4)}, 95% CI ${ci} (${cmp.resamples} resamples, seed ${cmp.seed}) — ${distinct ? "distinguishable" : "not distinguishable"}`,
    );
  }
  for (const [dimension, entry] of Object.entries(report.ablation)) {
    lines.push(`  without ${dimension}: top ${entry.top?.join(", ") ?? "—"} (κ ${fmt(entry.top_kappa, 4)}); today's top ranks ${entry.rank_of_overall_top ?? "—"}`);
  }
  return `${lines.join("\n")}\n`;
}

function notCandidates(report: CalibrationReport): string[] {
  const out = report.judges.filter((judge) => !judge.candidate);
  if (out.length === 0) return [];
  const listed = out.map((judge) => `${judge.judge} (${share(judge.coverage)})`).join(", ");
  return [`judges not candidates (coverage below ${report.min_coverage * 100} % of the consensus units): ${listed}`];
}
