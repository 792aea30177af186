/**
 * The response headers every page gets. Scripts run only with this response's nonce
 * (Next.js puts it on its own inline and bundled scripts when it finds it in the
 * request's Content-Security-Policy), so an injected <script> does nothing; style
 * attributes stay allowed because the virtualised tables position rows with them.
 */
export function contentSecurityPolicy(nonce: string, { dev = false } = {}): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    `style-src 'self' 'nonce-${nonce}'`,
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' blob: data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Headers for every response, API and static files included (next.config.ts). */
export const SECURITY_HEADERS = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "same-origin" },
  // For browsers that predate CSP's frame-ancestors.
  { key: "X-Frame-Options", value: "DENY" },
];
