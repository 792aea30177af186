/**
 * `npm start`: everything a fresh clone needs, with no configuration — build when the
 * build is missing or older than the sources, make sure there is an auth secret, open
 * and migrate the database, seed the demo corpus into an empty one, then serve.
 * Runs under tsx with the react-server condition so server-only modules load.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { getDb } from "@/db/client";
import { authSecret } from "@/lib/auth/secret";
import { env } from "@/lib/env";
import { seedDemoIfEmpty } from "@/lib/server/demo/seedDemo";

const root = resolve(fileURLToPath(new URL("..", import.meta.url)));
const next = join(root, "node_modules", ".bin", "next");
const SOURCES = ["app", "components", "lib", "db", "public", "proxy.ts", "next.config.ts", "postcss.config.mjs", "package.json", "tsconfig.json"];

function newestSourceTime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return path.endsWith(".test.ts") ? 0 : stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestSourceTime(join(path, name))));
}

function buildIsCurrent(): boolean {
  const buildId = join(root, ".next", "BUILD_ID");
  if (!existsSync(buildId)) return false;
  const built = statSync(buildId).mtimeMs;
  return SOURCES.every((source) => newestSourceTime(join(root, source)) <= built);
}

async function main(): Promise<number> {
  const config = env();
  const port = Number(config.PORT);

  if (!buildIsCurrent()) {
    console.log("Building Concord (first start or sources changed)…");
    const build = spawnSync(next, ["build"], { cwd: root, stdio: "inherit" });
    if (build.status !== 0) return build.status ?? 1;
  }

  const secret = authSecret();
  getDb();
  const demo = await seedDemoIfEmpty();

  const url = `http://localhost:${port}`;
  console.log(`\nDatabase: ${resolve(config.CONCORD_DB_PATH)}${demo.seeded ? " (new; demo corpus seeded)" : ""}`);
  if (demo.accounts.length > 0) {
    console.log(demo.seeded ? "Demo accounts:" : "Demo accounts (as seeded; changes made since are kept):");
    const emailWidth = Math.max(...demo.accounts.map((a) => a.email.length));
    const passwordWidth = Math.max(...demo.accounts.map((a) => a.password.length));
    for (const account of demo.accounts) {
      console.log(`  ${account.email.padEnd(emailWidth)}  ${account.password.padEnd(passwordWidth)}  ${account.roles.join(", ")}`);
    }
  }
  console.log(`\nConcord: ${url}\n`);

  const server = spawn(next, ["start", "-p", String(port)], {
    cwd: root,
    stdio: "inherit",
    env: {
      ...process.env,
      CONCORD_DB_PATH: resolve(config.CONCORD_DB_PATH),
      NEXTAUTH_SECRET: secret,
      NEXTAUTH_URL: process.env.NEXTAUTH_URL ?? url,
    },
  });
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
  return new Promise((done) => server.on("exit", (code) => done(code ?? 0)));
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
