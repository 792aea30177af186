/** A verdict on one unit as stored (or waiting to be stored): what a new save is compared with. */
export interface UnitLabel {
  verdict: boolean;
  rationale: string | null;
  givenAt: number;
}

/**
 * What saving `label` over `current` does: `write` it; nothing when it is the `same`
 * verdict and rationale; nothing when it is `stale`, given earlier than the current one
 * (a retry arriving late, another tab's older answer).
 */
export function saveDecision(current: UnitLabel | undefined, label: UnitLabel): "write" | "same" | "stale" {
  if (!current) return "write";
  if (current.verdict === label.verdict && current.rationale === label.rationale) return "same";
  return label.givenAt < current.givenAt ? "stale" : "write";
}

/** The verdict in force on a unit: a save still waiting to be written unless the stored one was given later. */
export function inForce<S extends UnitLabel, W extends UnitLabel>(stored: S | undefined, waiting: W | undefined): S | W | undefined {
  return waiting && (!stored || waiting.givenAt >= stored.givenAt) ? waiting : stored;
}
