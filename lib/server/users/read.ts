import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { userRoles, users } from "@/db/schema";
import type { Role } from "@/lib/roles";
import { NotFound } from "@/lib/server/errors";

/** A user as services return them: never the password hash. */
export interface UserSummary {
  id: string;
  email: string | null;
  name: string;
  roles: Role[];
  active: boolean;
  /** False for raters imported from a bundle, who have no email or password yet. */
  canSignIn: boolean;
}

const ROLE_ORDER: Role[] = ["clinician", "author", "lead"];

export function rolesOf(db: Db | Tx, userId: string): Role[] {
  const rows = db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId)).all();
  return ROLE_ORDER.filter((role) => rows.some((r) => r.role === role));
}

export function userSummaries(db: Db | Tx, ids?: string[]): UserSummary[] {
  const rows = db.select().from(users).where(ids ? inArray(users.id, ids) : undefined).orderBy(users.name, users.id).all();
  const roleRows = db.select().from(userRoles).all();
  return rows.map((u) => ({
    id: u.id,
    email: u.email,
    name: u.name,
    roles: ROLE_ORDER.filter((role) => roleRows.some((r) => r.userId === u.id && r.role === role)),
    active: u.active,
    canSignIn: u.email !== null && u.passwordHash !== null,
  }));
}

export function userSummary(db: Db | Tx, id: string): UserSummary {
  const [user] = userSummaries(db, [id]);
  if (!user) throw new NotFound("That user does not exist.");
  return user;
}

/** Display names by id, for pages that mention people (an id with no account keeps the id itself). */
export function namesOf(db: Db | Tx, ids: Iterable<string>): Map<string, string> {
  const wanted = [...new Set(ids)];
  const names = new Map(wanted.map((id) => [id, id]));
  if (wanted.length === 0) return names;
  for (const u of db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, wanted)).all()) names.set(u.id, u.name);
  return names;
}

/** Ids of active users holding the lead role. */
export function activeLeadIds(db: Db | Tx): string[] {
  return db
    .select({ id: users.id })
    .from(users)
    .innerJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.role, "lead")))
    .where(eq(users.active, true))
    .all()
    .map((r) => r.id);
}
