import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // A native module: load it from node_modules at run time instead of bundling it.
  serverExternalPackages: ["better-sqlite3"],
  poweredByHeader: false,
  // Enables `forbidden()`, so a page of another role's area answers HTTP 403.
  experimental: { authInterrupts: true },
};

export default nextConfig;
