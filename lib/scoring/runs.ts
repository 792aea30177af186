import type { ScoringLayout } from "./layout";
import { itemMeans, modelMeans } from "./itemFirst";
import { spearman } from "../stats/spearman";

export interface RunAgreement {
  runs: number[];
  pairs: { a: number; b: number; spearman: number | null; models: number }[];
}

/**
 * Run agreement: each run's item-first scores (only that run's responses), and for
 * each pair of runs a < b Spearman's ρ over the models scored in both.
 */
export function runAgreement(layout: ScoringLayout, scores: Float64Array): RunAgreement {
  const byRun = layout.runs.map((run) => modelMeans(layout, itemMeans(layout, scores, (r) => layout.responseRun[r] === run)));
  const pairs: RunAgreement["pairs"] = [];
  for (let i = 0; i < layout.runs.length; i++) {
    for (let k = i + 1; k < layout.runs.length; k++) {
      const a = byRun[i];
      const b = byRun[k];
      const both = layout.models.map((_, m) => m).filter((m) => a[m] !== null && b[m] !== null);
      pairs.push({
        a: layout.runs[i],
        b: layout.runs[k],
        spearman: spearman(both.map((m) => a[m] as number), both.map((m) => b[m] as number)),
        models: both.length,
      });
    }
  }
  return { runs: layout.runs, pairs };
}
