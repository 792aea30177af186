import { DIMENSIONS } from "../bundle/schema";
import { percentAgreement } from "../stats/agreement";
import { cohenKappa } from "../stats/cohen";
import { confusionTotal, type Confusion } from "../stats/confusion";
import { macroF1 } from "../stats/f1";
import { gwetAc1 } from "../stats/gwet";
import { SLOTS, STRIDE } from "./panels";
import type { DimensionFigures, PanelFigures } from "./schema";


/** The panel-vs-consensus confusion (and units without a panel verdict) of panel `p`, over the given dimensions. */
export function panelConfusion(tallies: Int32Array, p: number, dimensions: readonly number[]): { confusion: Confusion; excluded: number } {
  const confusion = { n11: 0, n10: 0, n01: 0, n00: 0 };
  let excluded = 0;
  for (const d of dimensions) {
    const at = p * STRIDE + d * SLOTS;
    confusion.n00 += tallies[at];
    confusion.n01 += tallies[at + 1];
    confusion.n10 += tallies[at + 2];
    confusion.n11 += tallies[at + 3];
    excluded += tallies[at + 4] + tallies[at + 5];
  }
  return { confusion, excluded };
}

/** Every figure docs/metrics.md#panel-against-consensus gives a panel (or single judge) against the consensus. */
export function panelFigures(tallies: Int32Array, p: number, dimensions: readonly number[]): PanelFigures {
  const { confusion, excluded } = panelConfusion(tallies, p, dimensions);
  const by_dimension: Record<string, DimensionFigures> = {};
  for (const d of dimensions) {
    const { confusion: c } = panelConfusion(tallies, p, [d]);
    by_dimension[DIMENSIONS[d]] = { units: confusionTotal(c), kappa: cohenKappa(c), macro_f1: macroF1(c) };
  }
  return {
    units: confusionTotal(confusion),
    excluded,
    accuracy: percentAgreement(confusion),
    kappa: cohenKappa(confusion),
    macro_f1: macroF1(confusion),
    gwet_ac1: gwetAc1(confusion),
    by_dimension,
  };
}
