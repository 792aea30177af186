/** One verdict a clinician saved in the app (an audited `label.save`), as the labeler statistics read it. */
export interface SavedVerdict {
  response: string;
  criterion: string;
  /** When it was given, epoch ms (the label's `given_at`). */
  givenAt: number;
  /** The verdict it replaced; null for the unit's first. */
  old: boolean | null;
  verdict: boolean;
}

export interface LabelerStats {
  /** Median minutes from the first to the last verdict given on a response, over responses with verdicts on two criteria or more; null without one. */
  medianMinutesPerResponse: number | null;
  /** Minutes of labeling: gaps between consecutive verdicts up to IDLE_MINUTES count, longer ones are breaks. */
  activeMinutes: number;
  /** Responses with a verdict per hour of labeling; null with under a minute of it. */
  responsesPerHour: number | null;
  /** Units given a verdict in the app. */
  units: number;
  /** Saves that turned a unit's verdict around (a rationale edit alone is not one). */
  changes: number;
}

/** A gap between two verdicts longer than this is a break, not labeling time. */
export const IDLE_MINUTES = 10;
const MINUTE = 60_000;

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** One clinician's pace and second thoughts in a set, from the verdicts they saved in the app (docs/metrics.md#labeler-statistics). */
export function labelerStats(saves: readonly SavedVerdict[]): LabelerStats {
  const byResponse = new Map<string, { first: number; last: number; criteria: Set<string> }>();
  for (const save of saves) {
    const entry = byResponse.get(save.response) ?? { first: save.givenAt, last: save.givenAt, criteria: new Set<string>() };
    entry.first = Math.min(entry.first, save.givenAt);
    entry.last = Math.max(entry.last, save.givenAt);
    entry.criteria.add(save.criterion);
    byResponse.set(save.response, entry);
  }
  const spans = [...byResponse.values()].filter((r) => r.criteria.size >= 2).map((r) => (r.last - r.first) / MINUTE);
  const times = saves.map((s) => s.givenAt).sort((a, b) => a - b);
  let active = 0;
  for (let i = 1; i < times.length; i++) {
    const gap = times[i] - times[i - 1];
    if (gap <= IDLE_MINUTES * MINUTE) active += gap;
  }
  const activeMinutes = active / MINUTE;
  return {
    medianMinutesPerResponse: median(spans),
    activeMinutes,
    responsesPerHour: activeMinutes < 1 ? null : byResponse.size / (activeMinutes / 60),
    units: new Set(saves.map((s) => `${s.response}\u0000${s.criterion}`)).size,
    changes: saves.filter((s) => s.old !== null && s.old !== s.verdict).length,
  };
}
