/**
 * Refuses forged cross-origin writes to the API (CSRF) and bodies that are not JSON
 * where a route expects JSON. Pure: proxy.ts calls it for every /api request, so all
 * route handlers, next-auth's own included, are covered in one place.
 */

export interface Refusal {
  status: 403 | 415;
  error: string;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Routes that take a bundle as their body, in whatever type the upload has (JSON Lines). */
const RAW_BODY_ROUTES = [/^\/api\/bundle\/import$/, /^\/api\/sets\/[^/]+\/verdicts$/];

/**
 * The origins this server answers for: the one the request was addressed to (its Host
 * header, with X-Forwarded-Proto when a reverse proxy terminates TLS) and NEXTAUTH_URL's.
 * A browser never lets a page forge another site's Host header, so a page elsewhere
 * cannot make its Origin match.
 */
export function ownOrigins(url: URL, headers: Headers, publicUrl?: string): Set<string> {
  const origins = new Set([url.origin]);
  const host = headers.get("host");
  if (host) {
    const proto = headers.get("x-forwarded-proto")?.split(",")[0]?.trim() || url.protocol.replace(/:$/, "");
    origins.add(`${proto}://${host}`);
  }
  if (publicUrl) {
    try {
      origins.add(new URL(publicUrl).origin);
    } catch {
      // an unparsable NEXTAUTH_URL adds nothing
    }
  }
  return origins;
}

function originOf(value: string): string | null {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/**
 * Same-origin when the browser says so: Origin first (every browser sends it on a
 * cross-origin write), then Sec-Fetch-Site, then Referer. A request with none of them
 * comes from no browser page (curl, the CLI, a test runner), which has no victim's
 * cookies to abuse, so it passes on to the route's own session check.
 */
function isSameOrigin(headers: Headers, own: Set<string>): boolean {
  const origin = headers.get("origin");
  if (origin !== null) return own.has(origin);
  const site = headers.get("sec-fetch-site");
  if (site !== null) return site === "same-origin" || site === "none";
  const referer = headers.get("referer");
  if (referer !== null) {
    const from = originOf(referer);
    return from !== null && own.has(from);
  }
  return true;
}

function hasBody(headers: Headers): boolean {
  const length = headers.get("content-length");
  return headers.has("transfer-encoding") || (length !== null && length.trim() !== "0");
}

function isJson(contentType: string | null): boolean {
  const type = contentType?.split(";")[0]?.trim().toLowerCase();
  return type === "application/json" || (type?.startsWith("application/") === true && type.endsWith("+json"));
}

/** Why this API request must not reach its route handler, or null when it may. */
export function refuseApiRequest(request: { method: string; url: URL; headers: Headers }, publicUrl?: string): Refusal | null {
  const { method, url, headers } = request;
  if (SAFE_METHODS.has(method.toUpperCase())) return null;
  if (!isSameOrigin(headers, ownOrigins(url, headers, publicUrl))) {
    return { status: 403, error: "This request came from another site, so it was refused. Use Concord's own pages." };
  }
  const jsonRoute = url.pathname.startsWith("/api/") && !url.pathname.startsWith("/api/auth/") && !RAW_BODY_ROUTES.some((route) => route.test(url.pathname));
  if (jsonRoute && hasBody(headers) && !isJson(headers.get("content-type"))) {
    return { status: 415, error: "This address takes JSON: send the body with Content-Type: application/json." };
  }
  return null;
}
