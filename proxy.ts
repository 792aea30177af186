import { getToken } from "next-auth/jwt";
import { NextResponse, type NextRequest } from "next/server";
import { authSecret } from "@/lib/auth/secret";
import { decodeSession } from "@/lib/auth/sessionToken";
import { refuseApiRequest } from "@/lib/security/forgedRequest";
import { contentSecurityPolicy } from "@/lib/security/headers";

/** Pages a signed-out visitor may open. */
const PUBLIC_PAGES = /^\/(login|support)(\/|$)/;

/**
 * API requests: forged cross-origin writes and non-JSON bodies are refused here, in
 * one place, before any route handler runs (next-auth's included; the bundle uploads
 * call the same check themselves, see `config`).
 * Pages: a fresh CSP nonce per response, and signed-out visitors are sent to the
 * sign-in page — a convenience only: every page, route handler and server action
 * checks the session and role itself.
 */
export async function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  if (pathname.startsWith("/api/")) {
    const refusal = refuseApiRequest({ method: request.method, url: new URL(request.url), headers: request.headers }, process.env.NEXTAUTH_URL);
    return refusal ? NextResponse.json({ error: refusal.error }, { status: refusal.status }) : NextResponse.next();
  }

  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(18))).toString("base64");
  const csp = contentSecurityPolicy(nonce, { dev: process.env.NODE_ENV === "development" });
  let response: NextResponse;
  if (PUBLIC_PAGES.test(pathname) || (await getToken({ req: request, secret: authSecret(), decode: decodeSession }))) {
    const headers = new Headers(request.headers);
    headers.set("Content-Security-Policy", csp);
    response = NextResponse.next({ request: { headers } });
  } else {
    const login = new URL("/login", request.url);
    if (pathname !== "/") login.searchParams.set("callbackUrl", `${pathname}${search}`);
    response = NextResponse.redirect(login);
  }
  response.headers.set("Content-Security-Policy", csp);
  return response;
}

export const config = {
  // Everything but static files, which need neither a nonce nor a session, the two
  // bundle uploads (Next.js holds a body in memory to pass it through here, so those
  // routes stream theirs) and a clinician's save (`PUT /api/labels`, the hottest route,
  // spared the pass through here): these run refuseApiRequest themselves
  // (refusedApiRequest in lib/auth/respond.ts).
  matcher: ["/((?!_next/static|_next/image|favicon.ico|icon.svg|api/bundle/import$|api/sets/[^/]+/verdicts$|api/labels$).*)"],
};
