import "server-only";
import type { Ctx } from "@/lib/server/context";
import { requireRole } from "@/lib/server/guard";
import type { UserSummary } from "./read";
import { UserIdInput } from "./schema";
import { setActive } from "./setActive";

export async function reactivateUser({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<UserSummary> {
  const lead = requireRole(ctx, "lead");
  const { userId } = UserIdInput.parse(input);
  return setActive(lead, userId, true);
}
