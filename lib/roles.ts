/** The three roles a person can hold; pure, so pages, the demo and the server share one list. */
export const ROLES = ["clinician", "author", "lead"] as const;
export type Role = (typeof ROLES)[number];
