import { fmt } from "../format";
import type { ScoreReport } from "./report";

/** A short human summary of a score report (the CLI prints it to stderr). */
export function scoreSummary(report: ScoreReport): string {
  const lines = [
    `panel ${report.panel.join(", ")}; ${report.items} items; ${report.models.length} models in ${report.bands} band${report.bands === 1 ? "" : "s"} (${report.resamples} resamples, seed ${report.seed})`,
  ];
  for (const m of report.models.slice(0, 10)) {
    const ci = m.ci95 ? `[${fmt(m.ci95[0])}, ${fmt(m.ci95[1])}]` : "—";
    lines.push(`  #${m.rank} band ${m.band} ${m.model}  score ${fmt(m.score)} ${ci}  all-met ${fmt(m.all_met)}  empty ${m.empty}/${m.responses}  unscored ${m.unscored}`);
  }
  if (report.models.length > 10) lines.push(`  … and ${report.models.length - 10} more`);
  const g = report.identification_action_gap;
  lines.push(`identification–action gap: ${g.not_referred}/${g.identified} (${fmt(g.share)})`);
  if (report.same_family) lines.push(`same-family check: Spearman ρ ${fmt(report.same_family.spearman)}, top model unchanged: ${report.same_family.top_unchanged ?? "—"}`);
  return `${lines.join("\n")}\n`;
}
