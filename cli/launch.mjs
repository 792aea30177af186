#!/usr/bin/env node
// Starts the `concord` CLI fast: the TypeScript sources are bundled with esbuild into
// node_modules/.cache/concord/<sources' newest mtime>/ (once per change of a source),
// then run with plain node — no TypeScript loader on every start. Builds land in a
// private folder renamed into place, so concurrent runs never see a half-written one.
// Run with --conditions=react-server so `import "server-only"` in services is a no-op.
import { existsSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const cache = join(root, "node_modules", ".cache", "concord");
const sources = ["cli", "lib", "db", "drizzle", "package.json", "tsconfig.json"];

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const name of readdirSync(path)) latest = Math.max(latest, newest(join(path, name)));
  return latest;
}

const version = `build-${Math.floor(Math.max(...sources.map((s) => newest(join(root, s)))))}`;
const outdir = join(cache, version);
if (!existsSync(join(outdir, "concord.js"))) {
  const { build } = await import("esbuild");
  const scratch = join(cache, `tmp-${process.pid}-${Date.now()}`);
  await build({
    entryPoints: { concord: join(root, "cli", "concord.ts") },
    bundle: true,
    splitting: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    conditions: ["react-server"],
    outdir: scratch,
    logLevel: "warning",
  });
  try {
    renameSync(scratch, outdir);
  } catch {
    rmSync(scratch, { recursive: true, force: true }); // another run renamed its build first
  }
  for (const old of readdirSync(cache)) {
    if (old.startsWith("build-") && old !== version) rmSync(join(cache, old), { recursive: true, force: true });
  }
}
await import(pathToFileURL(join(outdir, "concord.js")).href);
