import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { networkInterfaces, tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";

// A second `npm start`, next to the suite's server, on its own port and database.
const PORT = Number(process.env.E2E_PORT ?? 3210) + 2;

function children(pid: number): number[] {
  try {
    return execFileSync("ps", ["-o", "pid=", "--ppid", String(pid)], { encoding: "utf8" }).split("\n").map(Number).filter((n) => n > 0);
  } catch {
    return []; // ps exits 1 when there are none
  }
}

function tree(pid: number): number[] {
  return children(pid).flatMap((child) => [child, ...tree(child)]);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const answers = (url: string) =>
  fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
    (response) => response.status,
    () => 0,
  );

test("npm start listens on loopback only, and one SIGTERM to its pid stops every process", async () => {
  test.setTimeout(150_000);
  const dir = mkdtempSync(join(tmpdir(), "concord-shutdown-"));
  // HOST unset: the default is what is under test.
  const env = { ...process.env };
  delete env.HOST;
  const npm = spawn("npm", ["start"], { env: { ...env, PORT: String(PORT), CONCORD_DB_PATH: join(dir, "concord.db"), NEXT_TELEMETRY_DISABLED: "1" }, stdio: "ignore" });
  const pid = npm.pid ?? 0;
  expect(pid).toBeGreaterThan(0);
  await expect.poll(() => answers(`http://127.0.0.1:${PORT}/login`), { timeout: 120_000, intervals: [1_000] }).toBe(200);

  // Nothing but loopback: not IPv6 loopback, not this machine's other addresses.
  const external = Object.values(networkInterfaces())
    .flat()
    .find((address) => address && !address.internal && address.family === "IPv4");
  if (external) expect(await answers(`http://${external.address}:${PORT}/login`)).toBe(0);

  const processes = tree(pid);
  expect(processes.length).toBeGreaterThan(0);
  process.kill(pid, "SIGTERM");
  await expect.poll(() => answers(`http://127.0.0.1:${PORT}/login`), { timeout: 20_000 }).toBe(0);
  await expect.poll(() => [pid, ...processes].filter(alive), { timeout: 20_000 }).toEqual([]);
});
