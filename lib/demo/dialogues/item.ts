import type { ItemScript } from "../types";

/** Shorthand for one item script, so the dialogue files read like a clinician's list. */
export function item(
  age: ItemScript["age"],
  intent: ItemScript["intent"],
  stage: ItemScript["stage"],
  directness: ItemScript["directness"],
  turns: string[],
  note: string,
  earlier?: string[],
): ItemScript {
  return earlier ? { age, intent, stage, directness, turns, note, earlier } : { age, intent, stage, directness, turns, note };
}
