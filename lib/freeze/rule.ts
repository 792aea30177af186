import { z } from "zod";
import { PanelSize } from "../calibration/schema";
import { Selection } from "./scope";

/**
 * A selection rule a lead commits to before seeing the judges' verdicts. It is
 * structured, so whether a freeze follows it can be checked rather than argued:
 * the panel size, where panels are ranked (every item, or held out), and how far
 * down the ranking the frozen panel may come from (1 = the rank-1 panel only).
 * Panels are always ranked as docs/metrics.md#ranking says: κ, then macro-F1, then judge ids.
 */
export const SelectionRule = z.strictObject({
  panel_size: PanelSize,
  selection: Selection,
  within_top: z.number().int("must be a whole number").min(1, "must be at least 1").max(100, "must be at most 100"),
  note: z.string().trim().max(2000, "must be at most 2,000 characters").optional(),
});
export type SelectionRule = z.infer<typeof SelectionRule>;

/** The rule in one plain sentence (plus the lead's note, if any). */
export function describeRule(rule: SelectionRule): string {
  const where = rule.selection === "holdout"
    ? "on the public-split items, with the chosen panel's figures reported on the private-split items"
    : "on every item of the calibration set";
  const which = rule.within_top === 1 ? "freeze the rank-1 panel" : `freeze a panel ranked within the top ${rule.within_top}`;
  const sentence = `Panels of ${rule.panel_size} judges, ranked by Cohen's κ against the clinician consensus (ties by macro-F1) ${where}; ${which}.`;
  return rule.note ? `${sentence} ${rule.note}` : sentence;
}

/** Where a freeze departs from the rule; empty when it follows it. */
export function ruleDeviations(rule: SelectionRule, freeze: { panelSize: number; selection: Selection; rank: number }): string[] {
  const deviations: string[] = [];
  if (freeze.panelSize !== rule.panel_size) deviations.push(`The rule says panels of ${rule.panel_size}; this panel has ${freeze.panelSize} judges.`);
  if (freeze.selection !== rule.selection) {
    deviations.push(rule.selection === "holdout" ? "The rule says to select on the public split and report on the private split; this freeze selects on every item." : "The rule says to select on every item; this freeze holds out the private split.");
  }
  if (freeze.rank > rule.within_top) deviations.push(`The rule allows ranks 1 to ${rule.within_top}; this panel ranks ${freeze.rank}.`);
  return deviations;
}
