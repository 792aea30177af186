import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

export default defineConfig([
  ...nextVitals,
  ...nextTypescript,
  {
    // Imports run down the tree: pages and route handlers use components and lib, never the reverse.
    files: ["components/**", "lib/**", "db/**", "cli/**"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["@/app/*"], message: "components/ and lib/ never import from app/: move what is shared into lib/ (server actions into lib/actions/<area>.ts)." }] }],
    },
  },
  globalIgnores([
    ".next/**",
    "node_modules/**",
    "data/**",
    "out/**",
    "build/**",
    "test-results/**",
    "playwright-report/**",
    "next-env.d.ts",
  ]),
]);
