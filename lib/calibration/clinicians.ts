import { DIMENSIONS } from "../bundle/schema";
import { cohenKappa } from "../stats/cohen";
import { percentAgreement } from "../stats/agreement";
import { MISSING, ONE } from "../stats/majority";
import { confusionOf, confusionTotal } from "../stats/confusion";
import { fleissKappa } from "../stats/fleiss";
import { gwetAc1Multi } from "../stats/gwet";
import { ratingTerms } from "../stats/multirater";
import type { UnitTable } from "./units";

export interface AgreementFigures {
  units: number;
  percent_agreement: number | null;
  fleiss_kappa: number | null;
  gwet_ac1: number | null;
}

export interface ClinicianAgreement extends AgreementFigures {
  raters: string[];
  by_dimension: Record<string, AgreementFigures>;
  pairwise: { raters: [string, string]; units: number; kappa: number | null; agreement: number | null }[];
}

function figures(counts: number[][]): AgreementFigures {
  const terms = ratingTerms(counts, 2);
  return {
    units: counts.length,
    percent_agreement: terms.observed,
    fleiss_kappa: fleissKappa(terms),
    gwet_ac1: gwetAc1Multi(terms),
  };
}

/**
 * Agreement among clinicians (docs/metrics.md#agreement-among-clinicians): Fleiss' P̄, κ and Gwet's AC1 over the
 * complete units — labeled by every clinician who labeled anything — overall and
 * per dimension; Cohen's κ and raw agreement for each pair over the units both labeled.
 */
export function clinicianAgreement(table: UnitTable, dimensions: number[]): ClinicianAgreement {
  const n = table.raters.length;
  const overall: number[][] = [];
  const byDimension = new Map<number, number[][]>(dimensions.map((d) => [d, []]));
  if (n >= 2) {
    for (let u = 0; u < table.count; u++) {
      let ones = 0;
      let rated = 0;
      for (const labels of table.labels) {
        const code = labels[u];
        if (code === MISSING) continue;
        rated++;
        if (code === ONE) ones++;
      }
      if (rated < n) continue;
      const row = [n - ones, ones];
      overall.push(row);
      byDimension.get(table.dimension[u])?.push(row);
    }
  }
  const pairwise: ClinicianAgreement["pairwise"] = [];
  for (let a = 0; a < n; a++) {
    for (let b = a + 1; b < n; b++) {
      const c = confusionOf(table.labels[a], table.labels[b], MISSING);
      pairwise.push({
        raters: [table.raters[a], table.raters[b]],
        units: confusionTotal(c),
        kappa: cohenKappa(c),
        agreement: percentAgreement(c),
      });
    }
  }
  const by_dimension: Record<string, AgreementFigures> = {};
  for (const d of dimensions) by_dimension[DIMENSIONS[d]] = figures(byDimension.get(d) ?? []);
  return { raters: table.raters, ...figures(overall), by_dimension, pairwise };
}
