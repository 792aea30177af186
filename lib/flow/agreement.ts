import { cohenKappaTable, tableMargins } from "../stats/cohen";
import { fleissKappa } from "../stats/fleiss";
import { gwetAc1Multi } from "../stats/gwet";
import { ratingTermsFlat } from "../stats/multirater";
import { CATEGORY_COUNT } from "./categories";
import { unitCount, unitCounts, type RatingSet } from "./ratingSet";

export interface AgreementFigures {
  /** Units with at least one rating. */
  units: number;
  percent_agreement: number | null;
  fleiss_kappa: number | null;
  gwet_ac1: number | null;
}

export interface PairAgreement {
  raters: [string, string];
  units: number;
  kappa: number | null;
  agreement: number | null;
}

export interface FlowAgreement extends AgreementFigures {
  raters: string[];
  by_dimension: Record<string, AgreementFigures>;
  pairwise: PairAgreement[];
}

/**
 * Fleiss' percent agreement and κ and Gwet's AC1 with q = 4 over the units' category
 * counts (Gwet's formulas for ratings with gaps, docs/flow.md); `rows` picks units.
 */
function figures(counts: Int32Array, rows?: Int32Array): AgreementFigures {
  const terms = ratingTermsFlat(counts, CATEGORY_COUNT, rows);
  return { units: terms.rated, percent_agreement: terms.observed, fleiss_kappa: fleissKappa(terms), gwet_ac1: gwetAc1Multi(terms) };
}

/**
 * Agreement among the raters of a rating set (docs/flow.md): pooled over every
 * (conversation, dimension) unit and by dimension, and for every pair of raters
 * (in sorted order) Cohen's κ and raw agreement on the units both rated.
 */
export function flowAgreement(set: RatingSet): FlowAgreement {
  const counts = unitCounts(set);
  const units = unitCount(set);
  const d = set.dimensions.length;
  const by_dimension: Record<string, AgreementFigures> = {};
  set.dimensions.forEach((name, dim) => {
    const rows = new Int32Array(units / d);
    for (let c = 0; c < rows.length; c++) rows[c] = c * d + dim;
    by_dimension[name] = figures(counts, rows);
  });
  const pooled = figures(counts);
  return {
    units: pooled.units,
    raters: set.raters,
    percent_agreement: pooled.percent_agreement,
    fleiss_kappa: pooled.fleiss_kappa,
    gwet_ac1: pooled.gwet_ac1,
    by_dimension,
    pairwise: pairwiseAgreement(set),
  };
}

const CELLS = CATEGORY_COUNT * CATEGORY_COUNT;

/** Every pair's 4×4 table, built unit by unit from the ratings grouped by unit. */
export function pairwiseAgreement(set: RatingSet): PairAgreement[] {
  const r = set.raters.length;
  const units = unitCount(set);
  const start = new Int32Array(units + 1);
  for (let i = 0; i < set.unit.length; i++) start[set.unit[i] + 1]++;
  for (let u = 0; u < units; u++) start[u + 1] += start[u];
  const fill = start.slice(0, units);
  const byUnit = new Int32Array(set.unit.length);
  for (let i = 0; i < set.unit.length; i++) byUnit[fill[set.unit[i]]++] = i;
  const pairIndex = (a: number, b: number) => a * r - (a * (a + 1)) / 2 + (b - a - 1);
  const tables = new Int32Array(((r * (r - 1)) / 2) * CELLS);
  for (let u = 0; u < units; u++) {
    for (let x = start[u]; x < start[u + 1]; x++) {
      const i = byUnit[x];
      for (let y = x + 1; y < start[u + 1]; y++) {
        const j = byUnit[y];
        const [first, second] = set.rater[i] < set.rater[j] ? [i, j] : [j, i];
        tables[pairIndex(set.rater[first], set.rater[second]) * CELLS + set.category[first] * CATEGORY_COUNT + set.category[second]]++;
      }
    }
  }
  const pairs: PairAgreement[] = [];
  for (let a = 0; a < r; a++) {
    for (let b = a + 1; b < r; b++) {
      const table = tables.subarray(pairIndex(a, b) * CELLS, (pairIndex(a, b) + 1) * CELLS);
      const { n, observed } = tableMargins(table, CATEGORY_COUNT);
      pairs.push({ raters: [set.raters[a], set.raters[b]], units: n, kappa: cohenKappaTable(table, CATEGORY_COUNT), agreement: observed });
    }
  }
  return pairs;
}
