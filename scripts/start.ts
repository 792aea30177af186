/**
 * `npm start`: everything a fresh clone needs, with no configuration — build when the
 * build is missing or older than the sources, make sure there is an auth secret, open
 * and migrate the database, seed the demo corpus into a database it has just created
 * (never into an existing one; CONCORD_DEMO=0 opts out), refuse to serve the public
 * demo accounts beyond this machine (unless CONCORD_ALLOW_PUBLIC_DEMO=1), then serve
 * on HOST (127.0.0.1 unless set; scripts/serve.ts), work the run queue and, with CONCORD_DEMO_LLM=1, run
 * the demo simulator (on 127.0.0.1 always). Runs in node with tsx's loader and the react-server
 * condition (so server-only modules load), in npm's place (`exec`), so a signal to
 * npm reaches this process, which passes it on to the server.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { getDb } from "@/db/client";
import { authSecret } from "@/lib/auth/secret";
import { demoLlmBaseUrl, env } from "@/lib/env";
import { reachableBeyondThisMachine } from "@/lib/security/loopback";
import { seedDemo } from "@/lib/server/demo/seedDemo";
import { drainSaves } from "@/lib/server/labeling/drainSaves";
import { RunWorker } from "@/lib/server/runs/worker";
import { startDemoSimulator } from "@/lib/simulator/startDemoSimulator";

const root = resolve(fileURLToPath(new URL("..", import.meta.url)));
// Next.js's anonymous telemetry (and its notice on the first build) stays off unless the environment turns it on.
const nextEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: process.env.NEXT_TELEMETRY_DISABLED ?? "1" };
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
    const build = spawnSync(next, ["build"], { cwd: root, stdio: "inherit", env: nextEnv });
    if (build.status !== 0) return build.status ?? 1;
  }

  const secret = authSecret();
  const created = !existsSync(resolve(config.CONCORD_DB_PATH));
  // Saves a previous server accepted but had not yet written (saveLabel.ts) go in before anything else runs.
  drainSaves(getDb().$client);
  const demo = await seedDemo({ created, demo: config.CONCORD_DEMO === "1", simulatorUrl: demoLlmBaseUrl(config) });
  const simulator =
    config.CONCORD_DEMO_LLM === "1"
      ? await startDemoSimulator({ port: config.CONCORD_DEMO_LLM_PORT, latencyMs: config.CONCORD_DEMO_LLM_LATENCY_MS }).catch((error: Error) => {
          throw new Error(`The demo simulator could not listen on ${demoLlmBaseUrl(config)} (${error.message}); set CONCORD_DEMO_LLM_PORT to a free port.`);
        })
      : null;

  // Loopback addresses are shown as localhost, which is what people type.
  const shown = ["127.0.0.1", "::1", "0.0.0.0", "::"].includes(config.HOST) ? "localhost" : config.HOST.includes(":") ? `[${config.HOST}]` : config.HOST;
  const url = `http://${shown}:${port}`;
  console.log(`\nDatabase: ${resolve(config.CONCORD_DB_PATH)}${demo.seeded ? " (new; demo corpus seeded)" : created ? " (new and empty: create the first lead with `npm run concord -- create-lead`)" : ""}`);
  if (demo.accounts.length > 0) {
    console.log(demo.seeded ? "Demo accounts:" : "Demo accounts that still have their public passwords:");
    const emailWidth = Math.max(...demo.accounts.map((a) => a.email.length));
    const passwordWidth = Math.max(...demo.accounts.map((a) => a.password.length));
    for (const account of demo.accounts) {
      console.log(`  ${account.email.padEnd(emailWidth)}  ${account.password.padEnd(passwordWidth)}  ${account.roles.join(", ")}`);
    }
  }
  const publicUrl = process.env.NEXTAUTH_URL;
  if (demo.accounts.length > 0 && reachableBeyondThisMachine(config.HOST, publicUrl) && config.CONCORD_ALLOW_PUBLIC_DEMO !== "1") {
    console.error(
      `\nNot starting: Concord would be reachable beyond this machine (HOST=${config.HOST}${publicUrl ? `, NEXTAUTH_URL=${publicUrl}` : ""}) ` +
        "while the database has demo accounts whose passwords are public (above). Deactivate them or change their passwords, " +
        "start from a new database with CONCORD_DEMO=0, or set CONCORD_ALLOW_PUBLIC_DEMO=1 to serve them anyway.",
    );
    return 1;
  }
  if (simulator) console.log(`\nDemo simulator (not a real model): ${simulator.url}`);
  console.log(`\nConcord: ${url}\n`);

  // The web server: Next.js, with the clinicians' save answered ahead of it (scripts/serve.ts).
  const server = spawn(process.execPath, [join(root, "scripts", "serve.mjs")], {
    cwd: root,
    stdio: "inherit",
    env: {
      ...nextEnv,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: config.HOST,
      CONCORD_DB_PATH: resolve(config.CONCORD_DB_PATH),
      NEXTAUTH_SECRET: secret,
      NEXTAUTH_URL: process.env.NEXTAUTH_URL ?? url,
    },
  });
  const exited = new Promise<number>((done) => server.on("exit", (code) => done(code ?? 0)));
  // Runs are worked here, beside the web server rather than inside it, so a long run
  // never slows a clinician's page. If a `concord run` holds the database's worker
  // lock, this one takes over when it ends.
  // This process's connection waits at most a moment for the write lock: a busy wait
  // sleeps the whole thread (the run worker, the demo simulator, the signal handlers), and
  // an import holds the lock for seconds. The worker and the save journal's drain try
  // again when they find it held.
  getDb().$client.pragma("busy_timeout = 100");
  const worker = new RunWorker(getDb());
  const takeOver = setInterval(() => worker.start() && clearInterval(takeOver), 5_000);
  if (worker.start()) clearInterval(takeOver);
  // One signal stops everything: pass it on, and make sure the server is gone after a grace period.
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    clearInterval(takeOver);
    // Calls in flight get a moment to finish and be stored; unstored ones are simply made again later.
    void Promise.race([worker.stop(), new Promise((r) => setTimeout(r, 5_000))]).then(() => simulator?.close());
    server.kill(signal);
    setTimeout(() => server.kill("SIGKILL"), 10_000).unref();
  };
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, () => stop(signal));
  // If whoever started us (npm) is gone without passing a signal on, stop as well.
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) stop("SIGTERM");
  }, 1_000).unref();
  return exited;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
