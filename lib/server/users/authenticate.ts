import "server-only";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "@/db/client";
import { users } from "@/db/schema";
import type { SessionUser } from "@/lib/server/context";
import { hashPassword, verifyPassword } from "./password";
import { rolesOf } from "./read";

const Credentials = z.object({ email: z.string().trim().toLowerCase().max(320), password: z.string().max(1024) });

/** Who signed in, and the session version their token must carry (see lib/server/users/sessions.ts). */
export type AuthenticatedUser = SessionUser & { sessionVersion: number };

// Compared against when there is no usable hash, so an unknown email costs as long as a wrong password.
let decoyHash: Promise<string> | undefined;

/**
 * Checks credentials for the sign-in form. Answers null for an unknown email, a
 * wrong password, an inactive account or a rater without a login alike, and takes
 * about as long for each. Repeated attempts are limited before this is called
 * (lib/server/users/signInLimiter.ts).
 */
export async function authenticate(credentials: { email: string; password: string }): Promise<AuthenticatedUser | null> {
  const parsed = Credentials.safeParse(credentials);
  if (!parsed.success) return null;
  const { email, password } = parsed.data;
  const db = getDb();
  const user = db.select().from(users).where(eq(users.email, email)).get();
  decoyHash ??= hashPassword("decoy password, never matches");
  const matches = await verifyPassword(password, user?.passwordHash ?? (await decoyHash));
  if (!user || !user.active || !user.passwordHash || !matches) return null;
  return { id: user.id, email, name: user.name, roles: rolesOf(db, user.id), sessionVersion: user.sessionVersion };
}
