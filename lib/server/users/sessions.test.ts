import { beforeEach, describe, expect, it } from "vitest";
import type { Db } from "@/db/client";
import type { Ctx, SessionUser } from "@/lib/server/context";
import { freshDb } from "@/test/db";
import { createFirstLead } from "./createFirstLead";
import { createUser } from "./createUser";
import { deactivateUser } from "./deactivateUser";
import { reactivateUser } from "./reactivateUser";
import { resetUserPassword } from "./resetUserPassword";
import { endSessions, sessionIsCurrent } from "./sessions";
import { setUserRoles } from "./setUserRoles";

const PASSWORD = "correct horse battery";

describe("revocable sessions", () => {
  let db: Db;
  let lead: Ctx;
  const version = () => db.$client.prepare("SELECT session_version AS v FROM users WHERE id = 'clin-1'").get() as { v: number };
  beforeEach(async () => {
    db = freshDb();
    const first = await createFirstLead({ email: "lead@example.org", name: "Lea", password: PASSWORD });
    const user: SessionUser = { id: first.id, email: "lead@example.org", name: first.name, roles: first.roles };
    lead = { user };
    await createUser({ ctx: lead, input: { id: "clin-1", email: "c1@example.org", name: "Cleo", password: PASSWORD, roles: ["clinician"] } });
  });

  it("a token stands while its version is the user's and the account is active", () => {
    expect(sessionIsCurrent(db, "clin-1", 0)).toBe(true);
    expect(sessionIsCurrent(db, "clin-1", 1)).toBe(false);
    expect(sessionIsCurrent(db, "clin-1", undefined)).toBe(false);
    expect(sessionIsCurrent(db, "nobody", 0)).toBe(false);
    endSessions(db, "clin-1");
    expect(sessionIsCurrent(db, "clin-1", 0)).toBe(false);
    expect(sessionIsCurrent(db, "clin-1", 1)).toBe(true);
  });

  it("a password reset, a role change and a deactivation each end the user's sessions", async () => {
    await resetUserPassword({ ctx: lead, input: { userId: "clin-1", password: "another password" } });
    expect(version()).toEqual({ v: 1 });
    await setUserRoles({ ctx: lead, input: { userId: "clin-1", roles: ["clinician", "author"] } });
    expect(version()).toEqual({ v: 2 });
    await deactivateUser({ ctx: lead, input: { userId: "clin-1" } });
    expect(version()).toEqual({ v: 3 });
    expect(sessionIsCurrent(db, "clin-1", 3)).toBe(false);
    await reactivateUser({ ctx: lead, input: { userId: "clin-1" } });
    expect(sessionIsCurrent(db, "clin-1", 3)).toBe(false);
  });

  it("setting the roles a user already has ends nothing", async () => {
    await setUserRoles({ ctx: lead, input: { userId: "clin-1", roles: ["clinician"] } });
    expect(version()).toEqual({ v: 0 });
  });
});
