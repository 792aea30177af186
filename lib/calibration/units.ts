import { DIMENSIONS, type Dimension } from "../bundle/schema";
import { MISSING } from "../stats/majority";
import type { CalibrationInput } from "./input";

const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Every unit (response × criterion of the response's item) laid out as typed arrays,
 * with one verdict code array (ZERO / ONE / MISSING) per clinician and per judge.
 * Units run item by item (items in id order), response by response, criterion by
 * criterion in rubric order.
 */
export interface UnitTable {
  count: number;
  items: string[];
  responses: string[];
  criteria: string[];
  /** Per unit: index into `items`, `responses`, `criteria`, DIMENSIONS; the weight. */
  item: Int32Array;
  response: Int32Array;
  criterion: Int32Array;
  dimension: Uint8Array;
  weight: Uint8Array;
  raters: string[];
  labels: Uint8Array[];
  judges: string[];
  verdicts: Uint8Array[];
}

export function dimensionIndex(dimension: Dimension): number {
  return DIMENSIONS.indexOf(dimension);
}

export function buildUnitTable(input: CalibrationInput): UnitTable {
  const items = input.items.slice().sort((a, b) => byCodeUnit(a.id, b.id));
  const responsesOf = new Map<string, string[]>();
  for (const response of input.responses) {
    const list = responsesOf.get(response.item) ?? [];
    list.push(response.id);
    responsesOf.set(response.item, list);
  }
  let count = 0;
  for (const item of items) count += (responsesOf.get(item.id)?.length ?? 0) * item.criteria.length;

  const table: UnitTable = {
    count,
    items: items.map((item) => item.id),
    responses: [],
    criteria: [],
    item: new Int32Array(count),
    response: new Int32Array(count),
    criterion: new Int32Array(count),
    dimension: new Uint8Array(count),
    weight: new Uint8Array(count),
    raters: [],
    labels: [],
    judges: [],
    verdicts: [],
  };
  // unit index = base of the response + position of the criterion in its item's rubric
  const baseOfResponse = new Map<string, number>();
  const positionOfCriterion = new Map<string, Map<string, number>>();
  let unit = 0;
  items.forEach((item, itemIndex) => {
    const positions = new Map<string, number>();
    const criterionBase = table.criteria.length;
    item.criteria.forEach((criterion, position) => {
      positions.set(criterion.id, position);
      table.criteria.push(criterion.id);
    });
    positionOfCriterion.set(item.id, positions);
    const responses = (responsesOf.get(item.id) ?? []).slice().sort(byCodeUnit);
    for (const responseId of responses) {
      const responseIndex = table.responses.length;
      table.responses.push(responseId);
      baseOfResponse.set(responseId, unit);
      item.criteria.forEach((criterion, position) => {
        table.item[unit] = itemIndex;
        table.response[unit] = responseIndex;
        table.criterion[unit] = criterionBase + position;
        table.dimension[unit] = dimensionIndex(criterion.dimension);
        table.weight[unit] = criterion.weight;
        unit++;
      });
    }
  });
  const itemOfResponse = new Map(input.responses.map((r) => [r.id, r.item]));
  const unitOf = (response: string, criterion: string): number => {
    const base = baseOfResponse.get(response);
    const item = itemOfResponse.get(response);
    const position = item === undefined ? undefined : positionOfCriterion.get(item)?.get(criterion);
    return base === undefined || position === undefined ? -1 : base + position;
  };

  const fill = (codesBy: Map<string, Uint8Array>, who: string, response: string, criterion: string, verdict: boolean | null) => {
    const u = unitOf(response, criterion);
    // A label or verdict on a criterion outside the pinned rubric is not about a unit.
    if (u < 0) return;
    let codes = codesBy.get(who);
    if (!codes) {
      codes = new Uint8Array(count).fill(MISSING);
      codesBy.set(who, codes);
    }
    if (verdict !== null) codes[u] = verdict ? 1 : 0;
  };
  const labelsBy = new Map<string, Uint8Array>();
  for (const label of input.labels) fill(labelsBy, label.rater, label.response, label.criterion, label.verdict);
  const verdictsBy = new Map<string, Uint8Array>();
  for (const verdict of input.verdicts) fill(verdictsBy, verdict.judge, verdict.response, verdict.criterion, verdict.verdict);
  table.raters = [...labelsBy.keys()].sort(byCodeUnit);
  table.labels = table.raters.map((rater) => labelsBy.get(rater) as Uint8Array);
  table.judges = [...verdictsBy.keys()].sort(byCodeUnit);
  table.verdicts = table.judges.map((judge) => verdictsBy.get(judge) as Uint8Array);
  return table;
}

/** Indices (into DIMENSIONS) of the dimensions that have at least one unit, in name order. */
export function dimensionsPresent(table: UnitTable): number[] {
  const seen = new Set<number>();
  for (let u = 0; u < table.count; u++) seen.add(table.dimension[u]);
  return [...seen].sort((a, b) => byCodeUnit(DIMENSIONS[a], DIMENSIONS[b]));
}

export { byCodeUnit };
