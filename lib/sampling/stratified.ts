import { mulberry32, shuffled } from "@/lib/stats/prng";
import { countByStratum, STRATA, type SampleItem } from "./strata";

const byId = (a: SampleItem, b: SampleItem) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * A seeded sample of `size` items balanced over every stratum at once. The items are
 * put in a random order from `seed`; then items are drawn one at a time, each draw
 * taking the first item (in that order) that keeps the sample's count of every
 * stratum value closest to its share of the population (least squares). With five
 * crossed strata most cells hold one item or none, so allocating per cell would be
 * noise; balancing the margins keeps each stratum within about one item of
 * proportional. The same items and seed always give the same sample (input order
 * does not matter). Returns the drawn ids in id order.
 */
export function drawStratified(items: readonly SampleItem[], size: number, seed: number): string[] {
  const population = [...items].sort(byId);
  const n = Math.min(Math.max(0, Math.floor(size)), population.length);
  const shares = countByStratum(population);
  const total = population.length;
  const remaining = shuffled(population, mulberry32(seed));
  const counts = new Map<string, number>();
  const key = (stratum: string, value: string) => `${stratum}\u0000${value}`;
  const drawn: SampleItem[] = [];
  for (let k = 1; k <= n; k++) {
    // Adding an item changes the squared deviation Σ (count − k·share)² only in the
    // cells it falls in, by 2·(count − k·share) + 1 each: minimise that sum.
    let best = 0;
    let bestScore = Infinity;
    remaining.forEach((item, i) => {
      let score = 0;
      for (const s of STRATA) {
        const share = (shares[s].get(item[s]) ?? 0) / total;
        score += (counts.get(key(s, item[s])) ?? 0) - k * share;
      }
      if (score < bestScore - 1e-9) {
        bestScore = score;
        best = i;
      }
    });
    const [item] = remaining.splice(best, 1);
    drawn.push(item);
    for (const s of STRATA) counts.set(key(s, item[s]), (counts.get(key(s, item[s])) ?? 0) + 1);
  }
  return drawn.sort(byId).map((item) => item.id);
}
