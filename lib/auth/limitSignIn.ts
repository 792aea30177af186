import "server-only";
import { accountKey, memorySignInLimiter, type SignInLimiter } from "@/lib/server/users/signInLimiter";

let shared: SignInLimiter | undefined;

/**
 * The client's address: the last X-Forwarded-For entry, which is the one the nearest
 * reverse proxy appended (Next.js puts the socket's address there when the request came
 * without one). Served directly, a client could choose this header, which is one reason
 * Concord listens on loopback unless told otherwise (README, "Behind a reverse proxy").
 */
export function clientKey(headers: Headers): string {
  const forwarded = headers.get("x-forwarded-for")?.split(",").at(-1)?.trim();
  return forwarded || "unknown";
}

const SESSION_COOKIE = /(^|,\s*)(__Secure-)?next-auth\.session-token=/;

/**
 * Wraps next-auth's credentials sign-in: an email or client past its limit is answered
 * 429 at once, without checking the password and without waiting. The body keeps
 * next-auth's shape (`url` with an error) so its client reports a failed sign-in.
 */
export async function limitSignIn<R extends Request>(request: R, signIn: (request: R) => Promise<Response>, limiter: SignInLimiter = (shared ??= memorySignInLimiter())): Promise<Response> {
  const form = await request
    .clone()
    .formData()
    .catch(() => null);
  const keys = { account: accountKey(form?.get("email")), client: clientKey(request.headers) };
  const retryAfter = await limiter.begin(keys);
  if (retryAfter > 0) {
    const minutes = Math.ceil(retryAfter / 60);
    return Response.json(
      {
        error: `Too many sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
        url: new URL("/login?error=TooManyAttempts", request.url).href,
      },
      { status: 429, headers: { "Retry-After": String(retryAfter) } },
    );
  }
  const response = await signIn(request);
  if (response.ok && SESSION_COOKIE.test(response.headers.get("set-cookie") ?? "")) await limiter.succeeded(keys);
  return response;
}
