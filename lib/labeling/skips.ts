/** Why a clinician may skip a response ("I can't judge this"); a skip is not a label. */
export const SKIP_REASONS = ["too_distressing", "cannot_judge"] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];
/** How each reason reads, to the clinician giving it and to the lead and authors reading it. */
export const SKIP_REASON_LABELS: Record<SkipReason, string> = {
  too_distressing: "Too distressing to judge",
  cannot_judge: "Cannot judge it",
};
