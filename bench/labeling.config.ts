import { fileURLToPath } from "node:url";
import { defineConfig } from "@playwright/test";
import base from "../playwright.config";

/**
 * `npm run bench:labeling`: the keypress-to-saved latency of the labeling screen,
 * measured in a real browser against the built app on a throw-away database (the
 * same servers as the e2e suite, started from the project root), outside the CI suite.
 */
const root = fileURLToPath(new URL("..", import.meta.url));

export default defineConfig({
  ...base,
  testDir: ".",
  testMatch: "labeling-latency.ts",
  globalTeardown: "../e2e/teardown.ts",
  webServer: [base.webServer ?? []].flat().map((server) => ({ ...server, cwd: root })),
  timeout: 300_000,
  reporter: "list",
});
