import { DIMENSIONS } from "../bundle/schema";
import { MISSING } from "../stats/majority";
import { byCodeUnit, dimensionIndex } from "../calibration/units";
import type { ScoringInput, ScoringItem } from "./input";

/**
 * The scored data laid out as typed arrays. Items in id order; the responses of the
 * scored models, each with its units (its item's criteria, in rubric order) at
 * `unitStart[r] ..< unitStart[r + 1]`; one verdict code array (ZERO / ONE / MISSING)
 * per panel judge. Verdicts on criteria outside the scored rubric are not about a unit.
 */
export interface ScoringLayout {
  items: ScoringItem[];
  /** Scored models in id order. */
  models: string[];
  /** Panel judges in id order. */
  panel: string[];
  /** Criteria of item t at `criterionStart[t] ..< criterionStart[t + 1]`. */
  criterionStart: Int32Array;
  criterionDimension: Uint8Array;
  criterionWeight: Float64Array;
  /** Bit d set when item t's scored rubric has a criterion of dimension d. */
  itemDimensions: Uint8Array;
  responseCount: number;
  responseItem: Int32Array;
  responseModel: Int32Array;
  responseRun: Int32Array;
  responseEmpty: Uint8Array;
  unitStart: Int32Array;
  /** Per panel judge (parallel to `panel`): a code per unit. */
  codes: Uint8Array[];
  /** Dimensions (indices into DIMENSIONS) with at least one unit, in DIMENSIONS order. */
  dimensions: number[];
  /** Run numbers present among the scored responses, ascending. */
  runs: number[];
}

export function buildLayout(input: ScoringInput, panel: readonly string[], models: readonly string[]): ScoringLayout {
  const items = input.items.slice().sort((a, b) => byCodeUnit(a.id, b.id));
  const itemIndex = new Map(items.map((item, t) => [item.id, t]));
  const criterionStart = new Int32Array(items.length + 1);
  items.forEach((item, t) => (criterionStart[t + 1] = criterionStart[t] + item.criteria.length));
  const criteria = criterionStart[items.length];
  const criterionDimension = new Uint8Array(criteria);
  const criterionWeight = new Float64Array(criteria);
  const itemDimensions = new Uint8Array(items.length);
  const criterionIndex = new Map<string, number>();
  items.forEach((item, t) => {
    item.criteria.forEach((criterion, c) => {
      const at = criterionStart[t] + c;
      criterionDimension[at] = dimensionIndex(criterion.dimension);
      criterionWeight[at] = criterion.weight;
      itemDimensions[t] |= 1 << criterionDimension[at];
      criterionIndex.set(criterion.id, at);
    });
  });

  const modelIndex = new Map(models.map((model, m) => [model, m]));
  const scored = input.responses.filter((r) => modelIndex.has(r.model) && itemIndex.has(r.item));
  const responseCount = scored.length;
  const responseItem = new Int32Array(responseCount);
  const responseModel = new Int32Array(responseCount);
  const responseRun = new Int32Array(responseCount);
  const responseEmpty = new Uint8Array(responseCount);
  const unitStart = new Int32Array(responseCount + 1);
  const responseIndex = new Map<string, number>();
  const runs = new Set<number>();
  scored.forEach((response, r) => {
    const t = itemIndex.get(response.item) as number;
    responseItem[r] = t;
    responseModel[r] = modelIndex.get(response.model) as number;
    responseRun[r] = response.run;
    responseEmpty[r] = response.empty ? 1 : 0;
    unitStart[r + 1] = unitStart[r] + criterionStart[t + 1] - criterionStart[t];
    responseIndex.set(response.id, r);
    runs.add(response.run);
  });
  const units = unitStart[responseCount];

  const judgeIndex = new Map(panel.map((judge, j) => [judge, j]));
  const codes = panel.map(() => new Uint8Array(units).fill(MISSING));
  // consecutive verdicts are mostly on the same response
  let lastResponse: string | undefined;
  let r: number | undefined;
  for (const verdict of input.verdicts) {
    const j = judgeIndex.get(verdict.judge);
    if (j === undefined || verdict.verdict === null) continue;
    if (verdict.response !== lastResponse) {
      lastResponse = verdict.response;
      r = responseIndex.get(verdict.response);
    }
    const at = criterionIndex.get(verdict.criterion);
    if (r === undefined || at === undefined) continue;
    const t = responseItem[r];
    if (at < criterionStart[t] || at >= criterionStart[t + 1]) continue;
    codes[j][unitStart[r] + at - criterionStart[t]] = verdict.verdict ? 1 : 0;
  }

  let present = 0;
  for (let r = 0; r < responseCount; r++) present |= itemDimensions[responseItem[r]];
  return {
    items, models: [...models], panel: [...panel], criterionStart, criterionDimension, criterionWeight, itemDimensions,
    responseCount, responseItem, responseModel, responseRun, responseEmpty, unitStart, codes,
    dimensions: DIMENSIONS.map((_, d) => d).filter((d) => present & (1 << d)),
    runs: [...runs].sort((a, b) => a - b),
  };
}
