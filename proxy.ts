import { getToken } from "next-auth/jwt";
import { NextResponse, type NextRequest } from "next/server";
import { authSecret } from "@/lib/auth/secret";

/**
 * Sends signed-out page requests to the sign-in page. A convenience only: every page,
 * route handler and server action checks the session and role itself.
 */
export async function proxy(request: NextRequest) {
  const token = await getToken({ req: request, secret: authSecret() });
  if (token) return NextResponse.next();
  const login = new URL("/login", request.url);
  const { pathname, search } = request.nextUrl;
  if (pathname !== "/") login.searchParams.set("callbackUrl", `${pathname}${search}`);
  return NextResponse.redirect(login);
}

export const config = {
  // Pages only: API routes answer 401/403 themselves, and the sign-in and support
  // pages and static files must stay reachable while signed out.
  matcher: ["/((?!api|_next/static|_next/image|favicon.ico|icon.svg|login|support).*)"],
};
