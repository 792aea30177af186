import "server-only";

/** How repeated sign-in failures for one email are slowed down. */
export interface ThrottlePolicy {
  windowMs: number;
  /** Failures within the window answered without delay. */
  freeFailures: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_THROTTLE: ThrottlePolicy = { windowMs: 15 * 60_000, freeFailures: 5, baseDelayMs: 250, maxDelayMs: 5_000 };

/** The delay before answering, doubling with every failure past the free ones, capped. */
export function throttleDelay(recentFailures: number, policy: ThrottlePolicy): number {
  const over = recentFailures - policy.freeFailures;
  if (over < 0) return 0;
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.min(over, 20));
}
