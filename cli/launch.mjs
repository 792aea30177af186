#!/usr/bin/env node
// Starts the `concord` CLI fast: the TypeScript sources are bundled once with esbuild
// into node_modules/.cache/concord (again only when a source is newer), then run with
// plain node — no TypeScript loader on every start. Run with --conditions=react-server
// so that `import "server-only"` in the shared services is a no-op here.
import { readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const outdir = join(root, "node_modules", ".cache", "concord");
const entry = join(outdir, "concord.js");
const sources = ["cli", "lib", "db", "drizzle", "package.json", "tsconfig.json"];

function newest(path) {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const name of readdirSync(path)) latest = Math.max(latest, newest(join(path, name)));
  return latest;
}

let built = 0;
try {
  built = statSync(entry).mtimeMs;
} catch {
  built = 0;
}
if (built < Math.max(...sources.map((s) => newest(join(root, s))))) {
  const { build } = await import("esbuild");
  await build({
    entryPoints: { concord: join(root, "cli", "concord.ts") },
    bundle: true,
    splitting: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    conditions: ["react-server"],
    outdir,
    logLevel: "warning",
  });
}
await import(pathToFileURL(entry).href);
