import "server-only";
import { and, asc, eq, isNotNull } from "drizzle-orm";
import { getDb } from "@/db/client";
import { userRoles, users } from "@/db/schema";
import type { Ctx } from "@/lib/server/context";
import { requireRole } from "@/lib/server/guard";
import { candidates, type Candidate } from "./plan";

export interface SetCandidates {
  /** Active clinicians who can sign in: the people a set can be assigned to. */
  clinicians: { id: string; name: string }[];
  /** Items that can be drawn, for picking by hand. */
  items: Candidate[];
  /** Items left out (no published rubric or no responses). */
  ineligible: number;
}

/** What the new-set form offers. */
export async function listSetCandidates({ ctx }: { ctx: Ctx }): Promise<SetCandidates> {
  requireRole(ctx, "lead");
  const db = getDb();
  const clinicians = db
    .select({ id: users.id, name: users.name })
    .from(users)
    .innerJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.role, "clinician")))
    .where(and(eq(users.active, true), isNotNull(users.passwordHash), isNotNull(users.email)))
    .orderBy(asc(users.name), asc(users.id))
    .all();
  const { eligible, ineligible } = candidates(db);
  return { clinicians, items: eligible.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)), ineligible: ineligible.size };
}
