import { mulberry32, shuffled } from "../stats/prng";

/**
 * Assigns each conversation to `perConversation` clinicians of the pool, balanced:
 * conversations in a seeded order each go to the clinicians with the fewest so far
 * (ties in a seeded order), so loads differ by at most one. Returns each clinician's
 * conversations in a seeded order of their own.
 */
export function assignConversations(conversations: readonly string[], clinicians: readonly string[], perConversation: number, seed: number): Map<string, string[]> {
  const random = mulberry32(seed);
  const load = new Map(clinicians.map((c) => [c, 0]));
  const assigned = new Map(clinicians.map((c) => [c, [] as string[]]));
  const k = Math.min(perConversation, clinicians.length);
  for (const conversation of shuffled(conversations, random)) {
    const chosen = shuffled(clinicians, random)
      .sort((a, b) => (load.get(a) ?? 0) - (load.get(b) ?? 0))
      .slice(0, k);
    for (const c of chosen) {
      load.set(c, (load.get(c) ?? 0) + 1);
      assigned.get(c)?.push(conversation);
    }
  }
  for (const [c, list] of assigned) assigned.set(c, shuffled(list, random));
  return assigned;
}
