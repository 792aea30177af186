/**
 * Where to send someone after signing in: only a path on this site. Browsers read a
 * backslash as a slash and drop tabs and newlines, so `/\evil.example` or `/\t/evil`
 * would leave the origin; anything that is not plainly a local path becomes `/`.
 */
export function safeCallbackPath(value: unknown): string {
  if (typeof value !== "string" || !value.startsWith("/")) return "/";
  // Backslashes and control characters have no business in a path of ours.
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return "/";
  const base = new URL("http://concord.invalid");
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return "/";
  }
  if (url.origin !== base.origin || url.pathname.startsWith("//")) return "/";
  return `${url.pathname}${url.search}${url.hash}`;
}

/** next-auth's `redirect` callback: a local path or an address on this site, else the home page. */
export function safeRedirect(url: string, baseUrl: string): string {
  const base = new URL(baseUrl);
  let path = url;
  try {
    const absolute = new URL(url);
    if (absolute.origin !== base.origin) return base.origin;
    path = `${absolute.pathname}${absolute.search}${absolute.hash}`;
  } catch {
    // not absolute: a path, checked below
  }
  return `${base.origin}${safeCallbackPath(path)}`;
}
