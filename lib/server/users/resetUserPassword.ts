import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { users } from "@/db/schema";
import { audit } from "@/lib/server/audit";
import type { Ctx } from "@/lib/server/context";
import { Invalid } from "@/lib/server/errors";
import { requireRole } from "@/lib/server/guard";
import { userSummary, type UserSummary } from "./read";
import { hashPassword } from "./password";
import { ResetUserPasswordInput } from "./schema";
import { endSessions } from "./sessions";

export async function resetUserPassword({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<UserSummary> {
  const lead = requireRole(ctx, "lead");
  const data = ResetUserPasswordInput.parse(input);
  const passwordHash = await hashPassword(data.password);
  return getDb().transaction(
    (tx) => {
      const user = userSummary(tx, data.userId);
      if (user.email === null) throw new Invalid("This person has no email address yet, so a password would not let them sign in.");
      tx.update(users).set({ passwordHash }).where(eq(users.id, data.userId)).run();
      endSessions(tx, data.userId);
      audit(tx, { actor: lead.id, action: "user.reset_password", entity: "user", entityId: data.userId });
      return userSummary(tx, data.userId);
    },
    { behavior: "immediate" },
  );
}
