import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { userRoles } from "@/db/schema";
import { audit } from "@/lib/server/audit";
import type { Ctx } from "@/lib/server/context";
import { Conflict } from "@/lib/server/errors";
import { requireRole } from "@/lib/server/guard";
import { activeLeadIds, rolesOf, userSummary, type UserSummary } from "./read";
import { SetUserRolesInput } from "./schema";
import { endSessions } from "./sessions";

export async function setUserRoles({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<UserSummary> {
  const lead = requireRole(ctx, "lead");
  const data = SetUserRolesInput.parse(input);
  return getDb().transaction(
    (tx) => {
      const before = userSummary(tx, data.userId);
      tx.delete(userRoles).where(eq(userRoles.userId, data.userId)).run();
      tx.insert(userRoles).values(data.roles.map((role) => ({ userId: data.userId, role }))).run();
      const after = rolesOf(tx, data.userId);
      // Sessions carry roles as a hint for the UI; end them so none shows the old ones.
      if (after.join() !== before.roles.join()) endSessions(tx, data.userId);
      // Someone must always be able to manage accounts.
      if (activeLeadIds(tx).length === 0) throw new Conflict("This would leave no active lead. Make someone else a lead first.");
      audit(tx, { actor: lead.id, action: "user.set_roles", entity: "user", entityId: data.userId, detail: { old: before.roles, new: after } });
      return userSummary(tx, data.userId);
    },
    { behavior: "immediate" },
  );
}
