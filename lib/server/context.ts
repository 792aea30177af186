export const ROLES = ["clinician", "author", "lead"] as const;
export type Role = (typeof ROLES)[number];

/** The signed-in person as every service sees them. */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  roles: Role[];
}

/** What every service receives: who is calling (null when nobody is signed in). */
export interface Ctx {
  user: SessionUser | null;
}
