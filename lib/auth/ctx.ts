import "server-only";
import { parse as parseCookies } from "cookie";
import { getToken } from "next-auth/jwt";
import { cookies } from "next/headers";
import { forbidden, redirect } from "next/navigation";
import { cache } from "react";
import type { Role } from "@/lib/roles";
import type { Ctx, SessionUser } from "@/lib/server/context";
import { getDb } from "@/db/client";
import { sessionAccount } from "@/lib/server/users/sessions";
import { secureCookies } from "./options";
import { authSecret } from "./secret";
import { decodeSession } from "./sessionToken";

/** Request cookies as next-auth reads them (next/headers' cookies(), or cookiesOf a Cookie header). */
export interface CookieJar {
  getAll(): { name: string; value: string }[];
}

/** The cookies of a Cookie header (outside Next.js: scripts/serve.ts's save route), decoded; a cookie without a name is no cookie. */
export function cookiesOf(header: string | undefined): CookieJar {
  const all = Object.entries(parseCookies(header ?? "")).filter(([name]) => name !== "").map(([name, value]) => ({ name, value }));
  return { getAll: () => all };
}

/**
 * The service context of a request with these cookies. The session token only says
 * who signed in; the user's roles and active state are re-read from the database every
 * time, so a role change or a deactivation takes effect on the next request, and a
 * token whose session version is no longer the user's (sign-out, a password reset, a
 * role change) counts as no session — what options.ts's jwt callback makes of it for
 * next-auth.
 *
 * The token is decoded directly rather than through `getServerSession`, which in the
 * App Router also builds a CSRF token and re-encrypts the session for a cookie it then
 * drops. next-auth's /api/auth/session still renews the cookie.
 */
export async function sessionCtx(jar: CookieJar): Promise<Ctx> {
  const req = { cookies: jar, headers: {} } as unknown as Parameters<typeof getToken>[0]["req"];
  const token = await getToken({ req, secret: authSecret(), decode: decodeSession, secureCookie: secureCookies() });
  if (typeof token?.id !== "string") return { user: null };
  const user = sessionAccount(getDb(), token.id);
  if (!user?.active || !user.canSignIn || !user.email || user.sessionVersion !== token.sessionVersion) return { user: null };
  return { user: { id: user.id, email: user.email, name: user.name, roles: user.roles } };
}

/** The service context of the current request (inside Next.js), read once per request. */
export const getCtx = cache(async (): Promise<Ctx> => sessionCtx(await cookies()));

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
