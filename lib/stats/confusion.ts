/**
 * A 2×2 confusion table of a rater A (the panel or a clinician) against a rater B
 * (the consensus or another clinician) on binary verdicts: `n11` counts units where
 * A says 1 and B says 1, `n10` A 1 and B 0, and so on.
 */
export interface Confusion {
  n11: number;
  n10: number;
  n01: number;
  n00: number;
}

export function confusionTotal(c: Confusion): number {
  return c.n11 + c.n10 + c.n01 + c.n00;
}

/** Confusion of two equal-length 0/1 arrays (A first), leaving out the units where either holds `missing`. */
export function confusionOf(a: ArrayLike<number>, b: ArrayLike<number>, missing?: number): Confusion {
  const c = { n11: 0, n10: 0, n01: 0, n00: 0 };
  for (let i = 0; i < a.length; i++) {
    if (a[i] === missing || b[i] === missing) continue;
    if (a[i]) {
      if (b[i]) c.n11++;
      else c.n10++;
    } else if (b[i]) c.n01++;
    else c.n00++;
  }
  return c;
}
