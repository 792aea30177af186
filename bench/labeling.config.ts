import { defineConfig } from "@playwright/test";
import base from "../playwright.config";

/**
 * `npm run bench:labeling`: the keypress-to-saved latency of the labeling screen,
 * measured in a real browser against the built app on a throw-away database (the
 * same server as the e2e suite), outside the CI suite.
 */
export default defineConfig({ ...base, testDir: ".", testMatch: "labeling-latency.ts", globalTeardown: "../e2e/teardown.ts", timeout: 300_000, reporter: "list" });
