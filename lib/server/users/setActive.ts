import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { users } from "@/db/schema";
import { audit } from "@/lib/server/audit";
import type { SessionUser } from "@/lib/server/context";
import { Conflict } from "@/lib/server/errors";
import { activeLeadIds, userSummary, type UserSummary } from "./read";
import { endSessions } from "./sessions";

/** Shared by deactivateUser and reactivateUser. */
export function setActive(lead: SessionUser, userId: string, active: boolean): UserSummary {
  return getDb().transaction(
    (tx) => {
      const before = userSummary(tx, userId);
      tx.update(users).set({ active }).where(eq(users.id, userId)).run();
      endSessions(tx, userId);
      if (activeLeadIds(tx).length === 0) throw new Conflict("This would leave no active lead. Make someone else a lead first.");
      audit(tx, { actor: lead.id, action: active ? "user.reactivate" : "user.deactivate", entity: "user", entityId: userId, detail: { old: before.active, new: active } });
      return userSummary(tx, userId);
    },
    { behavior: "immediate" },
  );
}
