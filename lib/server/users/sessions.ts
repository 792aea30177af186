import "server-only";
import { eq, sql } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { users } from "@/db/schema";

/**
 * Sessions are signed tokens, so they cannot be deleted; instead each carries the
 * user's session version from sign-in, and bumping the version ends every session
 * issued before. Sign-out, a password reset, a role change and a deactivation do.
 */
export function endSessions(db: Db | Tx, userId: string): void {
  db.update(users).set({ sessionVersion: sql`${users.sessionVersion} + 1` }).where(eq(users.id, userId)).run();
}

/** Whether a token for `userId` issued at `sessionVersion` still stands: the account is active and nothing ended it since. */
export function sessionIsCurrent(db: Db | Tx, userId: string, sessionVersion: unknown): boolean {
  const user = db.select({ active: users.active, sessionVersion: users.sessionVersion, passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).get();
  return user !== undefined && user.active && user.passwordHash !== null && user.sessionVersion === sessionVersion;
}
