import { cohenKappaTable, tableMargins } from "../stats/cohen";
import { gwetAc1Table } from "../stats/gwet";
import { CATEGORY_COUNT } from "./categories";

export interface JudgeFigures {
  units: number;
  accuracy: number | null;
  kappa: number | null;
  gwet_ac1: number | null;
}

export interface JudgeAgreement extends JudgeFigures {
  by_dimension: Record<string, JudgeFigures>;
}

function judgeFigures(table: Int32Array): JudgeFigures {
  const { n, observed } = tableMargins(table, CATEGORY_COUNT);
  return { units: n, accuracy: observed, kappa: cohenKappaTable(table, CATEGORY_COUNT), gwet_ac1: gwetAc1Table(table, CATEGORY_COUNT) };
}

/**
 * A judge against the consensus (docs/flow.md), on the units with both (-1 = none):
 * accuracy, Cohen's κ (p_e = Σ_k p_kᴬ p_kᴮ) and Gwet's AC1 (π_k = (p_kᴬ + p_kᴮ)/2,
 * q = 4), pooled and by dimension. Unit u belongs to dimension u mod D.
 */
export function judgeAgreement(judge: Int8Array, consensus: Int8Array, dimensions: string[]): JudgeAgreement {
  const d = dimensions.length;
  const cells = CATEGORY_COUNT * CATEGORY_COUNT;
  const tables = new Int32Array((d + 1) * cells);
  for (let u = 0; u < judge.length; u++) {
    if (judge[u] < 0 || consensus[u] < 0) continue;
    const cell = judge[u] * CATEGORY_COUNT + consensus[u];
    tables[d * cells + cell]++;
    tables[(u % d) * cells + cell]++;
  }
  const by_dimension: Record<string, JudgeFigures> = {};
  dimensions.forEach((name, dim) => {
    by_dimension[name] = judgeFigures(tables.subarray(dim * cells, (dim + 1) * cells));
  });
  return { ...judgeFigures(tables.subarray(d * cells)), by_dimension };
}
