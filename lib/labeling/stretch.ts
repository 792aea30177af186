import { z } from "zod";

/**
 * A stretch of continuous labeling: it starts with the first verdict and goes on
 * while the gaps between verdicts stay short. A pause longer than `IDLE_MS` is a
 * break, and the next verdict starts a new stretch.
 */
export const Stretch = z.object({ startedAt: z.number(), lastActiveAt: z.number() });
export type Stretch = z.infer<typeof Stretch>;

export const IDLE_MS = 10 * 60_000;
export const DEFAULT_BREAK_MINUTES = 45;

/** The stretch after activity at `now`. */
export function extendStretch(stretch: Stretch | null, now: number): Stretch {
  if (!stretch || now - stretch.lastActiveAt > IDLE_MS || now < stretch.startedAt) return { startedAt: now, lastActiveAt: now };
  return { startedAt: stretch.startedAt, lastActiveAt: now };
}

/** Whether to suggest a break: the stretch has lasted `minutes` and is still going. */
export function breakDue(stretch: Stretch | null, now: number, minutes: number): boolean {
  if (!stretch || now - stretch.lastActiveAt > IDLE_MS) return false;
  return now - stretch.startedAt >= minutes * 60_000;
}

/** Reads a stored stretch, accepting only the shape written by `extendStretch`. */
export function parseStretch(text: string | null): Stretch | null {
  if (!text) return null;
  try {
    return Stretch.safeParse(JSON.parse(text)).data ?? null;
  } catch {
    // A damaged value is treated as no stretch.
    return null;
  }
}
