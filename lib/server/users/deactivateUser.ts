import "server-only";
import type { Ctx } from "@/lib/server/context";
import { requireRole } from "@/lib/server/guard";
import type { UserSummary } from "./read";
import { UserIdInput } from "./schema";
import { setActive } from "./setActive";

/** A deactivated user keeps their labels but can no longer sign in. */
export async function deactivateUser({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<UserSummary> {
  const lead = requireRole(ctx, "lead");
  const { userId } = UserIdInput.parse(input);
  return setActive(lead, userId, false);
}
