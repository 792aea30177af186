import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@": fileURLToPath(new URL("./", import.meta.url)),
      // `server-only` throws outside React's server condition; tests are server code.
      "server-only": fileURLToPath(new URL("./test/server-only.ts", import.meta.url)),
    },
  },
  test: {
    include: ["**/*.test.ts"],
    exclude: ["node_modules/**", "e2e/**", ".next/**"],
    testTimeout: 30_000,
    // Setup hooks build whole scenarios (a frozen panel computes a calibration report): the same budget as a test.
    hookTimeout: 30_000,
    pool: "forks",
  },
});
