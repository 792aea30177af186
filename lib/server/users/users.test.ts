import { beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import type { Ctx, SessionUser } from "@/lib/server/context";
import { Conflict, Forbidden, Unauthorized } from "@/lib/server/errors";
import { freshDb } from "@/test/db";
import { authenticate } from "./authenticate";
import { createFirstLead } from "./createFirstLead";
import { createUser } from "./createUser";
import { deactivateUser } from "./deactivateUser";
import { listUsers } from "./listUsers";
import { reactivateUser } from "./reactivateUser";
import { resetUserPassword } from "./resetUserPassword";
import { setUserRoles } from "./setUserRoles";

const PASSWORD = "correct horse battery";
const anonymous: Ctx = { user: null };
const as = (user: SessionUser): Ctx => ({ user });

describe("user services", () => {
  let db: Db;
  let lead: Ctx;
  let clinician: Ctx;
  beforeEach(async () => {
    db = freshDb();
    const first = await createFirstLead({ email: "Lead@Example.org ", name: "Lea Lead", password: PASSWORD });
    lead = as({ id: first.id, email: "lead@example.org", name: first.name, roles: first.roles });
    const c = await createUser({ ctx: lead, input: { id: "clin-1", email: "c1@example.org", name: "Cleo", password: PASSWORD, roles: ["clinician"] } });
    clinician = as({ id: c.id, email: "c1@example.org", name: c.name, roles: c.roles });
  });

  it("every lead-only service refuses anonymous callers and non-leads", async () => {
    const author = as({ id: "a", email: "a@example.org", name: "A", roles: ["author", "clinician"] });
    const calls: ((ctx: Ctx) => Promise<unknown>)[] = [
      (ctx) => createUser({ ctx, input: { email: "x@example.org", name: "X", password: PASSWORD, roles: ["author"] } }),
      (ctx) => setUserRoles({ ctx, input: { userId: "clin-1", roles: ["lead"] } }),
      (ctx) => resetUserPassword({ ctx, input: { userId: "clin-1", password: "another password" } }),
      (ctx) => deactivateUser({ ctx, input: { userId: "clin-1" } }),
      (ctx) => reactivateUser({ ctx, input: { userId: "clin-1" } }),
      (ctx) => listUsers({ ctx }),
    ];
    for (const call of calls) {
      await expect(call(anonymous)).rejects.toBeInstanceOf(Unauthorized);
      await expect(call(clinician)).rejects.toBeInstanceOf(Forbidden);
      await expect(call(author)).rejects.toBeInstanceOf(Forbidden);
    }
    expect(db.all(sql`SELECT action FROM audit_log`)).toHaveLength(2);
  });

  it("never returns password hashes", async () => {
    const users = await listUsers({ ctx: lead });
    expect(users.map((u) => u.email)).toEqual(["c1@example.org", "lead@example.org"]);
    expect(JSON.stringify(users)).not.toMatch(/\$2[aby]\$/);
    expect(Object.keys(users[0]).sort()).toEqual(["active", "canSignIn", "email", "id", "name", "roles"]);
  });

  it("refuses a second account with the same email, and a second first lead", async () => {
    await expect(createUser({ ctx: lead, input: { email: "C1@example.org", name: "Dup", password: PASSWORD, roles: ["author"] } })).rejects.toBeInstanceOf(Conflict);
    await expect(createFirstLead({ email: "other@example.org", name: "Other", password: PASSWORD })).rejects.toBeInstanceOf(Conflict);
  });

  it("sets roles, resets passwords, deactivates and reactivates, with audit rows", async () => {
    expect((await setUserRoles({ ctx: lead, input: { userId: "clin-1", roles: ["author", "clinician", "author"] } })).roles).toEqual(["clinician", "author"]);
    await resetUserPassword({ ctx: lead, input: { userId: "clin-1", password: "a brand new one" } });
    expect(await authenticate({ email: "c1@example.org", password: PASSWORD })).toBeNull();
    expect((await authenticate({ email: "c1@example.org", password: "a brand new one" }))?.roles).toEqual(["clinician", "author"]);
    expect((await deactivateUser({ ctx: lead, input: { userId: "clin-1" } })).active).toBe(false);
    expect(await authenticate({ email: "c1@example.org", password: "a brand new one" })).toBeNull();
    expect((await reactivateUser({ ctx: lead, input: { userId: "clin-1" } })).active).toBe(true);
    const actions = db.all<{ action: string; detail: string | null }>(sql`SELECT action, detail FROM audit_log ORDER BY id`);
    expect(actions.map((a) => a.action)).toEqual(["user.create_first_lead", "user.create", "user.set_roles", "user.reset_password", "user.deactivate", "user.reactivate"]);
    expect(JSON.parse(actions[2].detail ?? "null")).toEqual({ old: ["clinician"], new: ["clinician", "author"] });
    expect(actions.map((a) => a.detail ?? "").join()).not.toMatch(/\$2[aby]\$|brand new/);
  });

  it("keeps at least one active lead", async () => {
    const self = lead.user?.id ?? "";
    await expect(setUserRoles({ ctx: lead, input: { userId: self, roles: ["author"] } })).rejects.toBeInstanceOf(Conflict);
    await expect(deactivateUser({ ctx: lead, input: { userId: self } })).rejects.toBeInstanceOf(Conflict);
    expect((await listUsers({ ctx: lead })).find((u) => u.id === self)).toMatchObject({ roles: ["lead"], active: true });
    await setUserRoles({ ctx: lead, input: { userId: "clin-1", roles: ["lead"] } });
    expect((await setUserRoles({ ctx: lead, input: { userId: self, roles: ["author"] } })).roles).toEqual(["author"]);
  });
});
