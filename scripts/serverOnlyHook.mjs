// A module resolution hook for the web server's process (scripts/serve.mjs): `server-only`
// resolves to its empty module, as it does under the react-server condition, which that
// process cannot run with (Next.js's own server needs React's default builds).
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";

const empty = pathToFileURL(createRequire(import.meta.url).resolve("server-only").replace(/index\.js$/, "empty.js")).href;

export async function resolve(specifier, context, nextResolve) {
  return specifier === "server-only" ? { url: empty, shortCircuit: true } : nextResolve(specifier, context);
}
