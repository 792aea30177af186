import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3210);
// The local chat-completions stub the app drafts with (test/llm-stub.ts), next to the app's port.
const LLM_PORT = Number(process.env.E2E_LLM_PORT ?? PORT + 1);
// Workers load this file again and inherit the environment, so they reuse the same directory.
process.env.CONCORD_E2E_DIR ??= mkdtempSync(join(tmpdir(), "concord-e2e-"));
// The stub's address, for the app (drafting) and for specs that configure an endpoint on it.
process.env.E2E_LLM_URL ??= `http://127.0.0.1:${LLM_PORT}/v1`;
// The demo simulator `npm start` runs beside the app (CONCORD_DEMO_LLM=1); e2e/shutdown.spec.ts's own server takes PORT + 2.
const DEMO_LLM_PORT = Number(process.env.E2E_DEMO_LLM_PORT ?? PORT + 3);
process.env.E2E_DEMO_LLM_URL ??= `http://127.0.0.1:${DEMO_LLM_PORT}/v1`;

export default defineConfig({
  testDir: "e2e",
  globalTeardown: "./e2e/teardown.ts",
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  // One retry in CI: a browser or scheduling hiccup on a loaded 2-core runner should not sink a run; flaky tests are still reported.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"], ["html", { open: "never" }]] : "list",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium" }],
  // The built app, started the way a user starts it, on a database nobody else uses.
  webServer: [
    {
      command: `npx tsx test/llm-stub.ts ${LLM_PORT}`,
      url: `http://127.0.0.1:${LLM_PORT}/v1/models`,
      timeout: 30_000,
      reuseExistingServer: false,
    },
    {
      command: "npm start",
      url: `http://localhost:${PORT}/login`,
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: "pipe",
      env: {
        PORT: String(PORT),
        CONCORD_DB_PATH: join(process.env.CONCORD_E2E_DIR, "concord.db"),
        CONCORD_LLM_BASE_URL: process.env.E2E_LLM_URL,
        CONCORD_LLM_MODEL: "stub-model",
        CONCORD_DEMO_LLM: "1",
        CONCORD_DEMO_LLM_PORT: String(DEMO_LLM_PORT),
        NEXT_TELEMETRY_DISABLED: "1",
        // Small enough for e2e/import.spec.ts to send a bundle over it quickly.
        CONCORD_BUNDLE_LIMIT_MB: "8",
      },
    },
  ],
});
