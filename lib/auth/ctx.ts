import "server-only";
import { getServerSession } from "next-auth";
import { forbidden, redirect } from "next/navigation";
import { cache } from "react";
import type { Role } from "@/lib/roles";
import type { Ctx, SessionUser } from "@/lib/server/context";
import { getDb } from "@/db/client";
import { sessionAccount } from "@/lib/server/users/sessions";
import { authOptions } from "./options";

/**
 * The service context of the current request. The session token only says who signed
 * in; the user's roles and active state are re-read from the database every time, so
 * a role change or a deactivation takes effect on the next request.
 */
export const getCtx = cache(async (): Promise<Ctx> => {
  const session = await getServerSession(authOptions());
  if (!session?.user?.id) return { user: null };
  const user = sessionAccount(getDb(), session.user.id);
  if (!user?.active || !user.canSignIn || !user.email) return { user: null };
  return { user: { id: user.id, email: user.email, name: user.name, roles: user.roles } };
});

/**
 * For pages: the signed-in user, who must hold one of `roles` (any role when none is
 * given). Signed-out visitors go to the sign-in page; other roles get the 403 page.
 */
export async function requirePageUser(...roles: Role[]): Promise<SessionUser> {
  const { user } = await getCtx();
  if (!user) redirect("/login");
  if (roles.length > 0 && !roles.some((role) => user.roles.includes(role))) forbidden();
  return user;
}
