import type { Role } from "@/lib/roles";

// The session and token carry who signed in; roles here are only a hint for the UI —
// every request re-reads them from the database (lib/auth/ctx.ts).
declare module "next-auth" {
  interface User {
    id: string;
    roles: Role[];
    sessionVersion: number;
  }
  interface Session {
    user: { id: string; email: string; name: string; roles: Role[] };
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    id: string;
    roles: Role[];
    /** The user's session version at sign-in; a bump ends this session (lib/server/users/sessions.ts). */
    sessionVersion: number;
  }
}
