import { byCodeUnit } from "../calibration/units";
import type { ScoringLayout } from "./layout";

export interface EmptyCount {
  empty: number;
  responses: number;
  share: number | null;
}

export function emptyCount(empty: number, responses: number): EmptyCount {
  return { empty, responses, share: responses === 0 ? null : empty / responses };
}

/** Empty responses per subcategory, over every scored model's responses. */
export function emptyBySubcategory(layout: ScoringLayout): Record<string, EmptyCount> {
  const counts = new Map<string, [number, number]>();
  for (let r = 0; r < layout.responseCount; r++) {
    const subcategory = layout.items[layout.responseItem[r]].subcategory;
    const count = counts.get(subcategory) ?? [0, 0];
    count[0] += layout.responseEmpty[r];
    count[1]++;
    counts.set(subcategory, count);
  }
  const out: Record<string, EmptyCount> = {};
  for (const subcategory of [...counts.keys()].sort(byCodeUnit)) {
    const [empty, responses] = counts.get(subcategory) as [number, number];
    out[subcategory] = emptyCount(empty, responses);
  }
  return out;
}
