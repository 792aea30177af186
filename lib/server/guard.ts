import type { Role } from "@/lib/roles";
import type { Ctx, SessionUser } from "./context";
import { Forbidden, Unauthorized } from "./errors";

/** The first line of every service: the caller must be signed in and hold one of `roles`. */
export function requireRole(ctx: Ctx, ...roles: Role[]): SessionUser {
  if (!ctx.user) throw new Unauthorized();
  if (!roles.some((role) => ctx.user?.roles.includes(role))) throw new Forbidden();
  return ctx.user;
}
