import "server-only";
import { randomUUID } from "node:crypto";
import { eq, or } from "drizzle-orm";
import { getDb } from "@/db/client";
import { userRoles, users } from "@/db/schema";
import { audit } from "@/lib/server/audit";
import type { Ctx } from "@/lib/server/context";
import { Conflict } from "@/lib/server/errors";
import { requireRole } from "@/lib/server/guard";
import { userSummary, type UserSummary } from "./read";
import { hashPassword } from "./password";
import { CreateUserInput } from "./schema";

export async function createUser({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<UserSummary> {
  const lead = requireRole(ctx, "lead");
  const data = CreateUserInput.parse(input);
  const passwordHash = await hashPassword(data.password);
  const id = data.id ?? randomUUID();
  const db = getDb();
  return db.transaction(
    (tx) => {
      const clash = tx.select({ id: users.id }).from(users).where(or(eq(users.id, id), eq(users.email, data.email))).get();
      if (clash) throw new Conflict(clash.id === id ? `A user with the id "${id}" already exists.` : "An account with this email already exists.");
      tx.insert(users).values({ id, email: data.email, name: data.name, passwordHash, active: true, createdAt: new Date() }).run();
      tx.insert(userRoles).values(data.roles.map((role) => ({ userId: id, role }))).run();
      audit(tx, { actor: lead.id, action: "user.create", entity: "user", entityId: id, detail: { email: data.email, name: data.name, roles: data.roles } });
      return userSummary(tx, id);
    },
    { behavior: "immediate" },
  );
}
