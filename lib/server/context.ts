import type { Role } from "@/lib/roles";

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
