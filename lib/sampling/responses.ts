import { mulberry32, randomInt, seedFromString, shuffled } from "@/lib/stats/prng";

export interface CandidateResponse {
  id: string;
  model: string;
}

/**
 * Up to `perItem` responses to one item, each from a different model, drawn with a
 * stream seeded by the set's seed and the item's id (so adding an item to a corpus
 * does not change the picks of the others). When a model has several runs, one is
 * picked at random. Fewer distinct models than `perItem` gives fewer responses.
 */
export function pickResponses(candidates: readonly CandidateResponse[], perItem: number, seed: number, itemId: string): string[] {
  const random = mulberry32((seed ^ seedFromString(itemId)) >>> 0);
  const byModel = new Map<string, string[]>();
  for (const c of candidates) byModel.set(c.model, [...(byModel.get(c.model) ?? []), c.id]);
  const models = shuffled([...byModel.keys()].sort(), random).slice(0, Math.max(0, perItem));
  return models.map((model) => {
    const runs = (byModel.get(model) ?? []).sort();
    return runs[randomInt(random, runs.length)];
  });
}
