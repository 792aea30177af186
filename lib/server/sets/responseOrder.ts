import { mulberry32, seedFromString, shuffled } from "@/lib/stats/prng";

/**
 * A clinician's own order of a set's responses: seeded by the set's seed and the
 * clinician's id, so it is reproducible and differs between clinicians (order effects
 * do not line up across raters).
 */
export function responseOrder(seed: number, clinicianId: string, responseIds: readonly string[]): string[] {
  const sorted = [...responseIds].sort();
  return shuffled(sorted, mulberry32((seed ^ seedFromString(clinicianId)) >>> 0));
}
