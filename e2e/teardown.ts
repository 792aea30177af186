import { rmSync } from "node:fs";

/** Removes the throw-away database directory made by playwright.config.ts. */
export default function teardown() {
  const dir = process.env.CONCORD_E2E_DIR;
  if (dir) rmSync(dir, { recursive: true, force: true });
}
