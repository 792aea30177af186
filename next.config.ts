import type { NextConfig } from "next";
import { SECURITY_HEADERS } from "./lib/security/headers";

const nextConfig: NextConfig = {
  // A native module: load it from node_modules at run time instead of bundling it.
  serverExternalPackages: ["better-sqlite3"],
  poweredByHeader: false,
  // Enables `forbidden()`, so a page of another role's area answers HTTP 403.
  // Server actions also carry uploaded flow-study files (lib/actions/vera.ts): transcripts by the thousand.
  experimental: { authInterrupts: true, serverActions: { bodySizeLimit: "64mb" } },
  // The per-response CSP comes from proxy.ts (it carries a nonce); these go on everything.
  async headers() {
    return [{ source: "/:path*", headers: SECURITY_HEADERS }];
  },
};

export default nextConfig;
