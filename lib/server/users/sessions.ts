import "server-only";
import type Database from "better-sqlite3";
import { eq, sql } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { users } from "@/db/schema";
import { ROLES } from "@/lib/roles";
import type { UserSummary } from "./read";

/**
 * Sessions are signed tokens, so they cannot be deleted; instead each carries the
 * user's session version from sign-in, and bumping the version ends every session
 * issued before. Sign-out, a password reset, a role change and a deactivation do.
 */
export function endSessions(db: Db | Tx, userId: string): void {
  db.update(users).set({ sessionVersion: sql`${users.sessionVersion} + 1` }).where(eq(users.id, userId)).run();
}

/** The account a session belongs to, as every request reads it. */
export interface SessionAccount extends UserSummary {
  sessionVersion: number;
}

/**
 * Every request reads its account twice (next-auth's session check, then the service
 * context), so this is one statement prepared once per connection rather than a query
 * built anew each time (bench/load.bench.ts).
 */
const accountStatements = new WeakMap<Database.Database, Database.Statement>();

export function sessionAccount(db: Db, userId: string): SessionAccount | undefined {
  let statement = accountStatements.get(db.$client);
  if (!statement) {
    statement = db.$client.prepare(`
      SELECT u.id, u.email, u.name, u.active, u.password_hash IS NOT NULL AND u.email IS NOT NULL AS canSignIn, u.session_version AS sessionVersion,
        (SELECT group_concat(r.role) FROM user_roles r WHERE r.user_id = u.id) AS roles
      FROM users u WHERE u.id = ?`);
    accountStatements.set(db.$client, statement);
  }
  const row = statement.get(userId) as (Omit<SessionAccount, "roles" | "active" | "canSignIn"> & { active: number; canSignIn: number; roles: string | null }) | undefined;
  if (!row) return undefined;
  const held = new Set(row.roles?.split(",") ?? []);
  return { ...row, active: row.active === 1, canSignIn: row.canSignIn === 1, roles: ROLES.filter((role) => held.has(role)) };
}

/** Whether a token for `userId` issued at `sessionVersion` still stands: the account is active and nothing ended it since. */
export function sessionIsCurrent(db: Db, userId: string, sessionVersion: unknown): boolean {
  const account = sessionAccount(db, userId);
  return account !== undefined && account.active && account.canSignIn && account.sessionVersion === sessionVersion;
}
