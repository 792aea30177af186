/**
 * The web server `npm start` runs (scripts/start.ts spawns it): Next.js's production
 * server for every request but one, the clinicians' save (`PUT /api/labels`), which is
 * answered here by the same code as its route handler (lib/server/labeling/saveRoute.ts)
 * without Next.js's request pipeline — routing, its request and response objects,
 * tracing — which was most of a save's CPU (docs/load.md). Started through serve.mjs
 * (tsx's loader; `server-only` allowed without the react-server condition, which Next.js's
 * server cannot run under); listens on HOST:PORT and prints "Ready" once it does. A
 * signal stops it.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import next from "next";
import { env } from "@/lib/env";
import { SECURITY_HEADERS } from "@/lib/security/headers";

// Loaded once Next.js has set up its server environment (its request storage), which they use.
type SaveModules = [typeof import("@/lib/auth/ctx"), typeof import("@/lib/server/labeling/saveRoute")];

const root = resolve(fileURLToPath(new URL("..", import.meta.url)));

function isSave(request: IncomingMessage): boolean {
  if (request.method !== "PUT" || !request.url?.startsWith("/api/labels")) return false;
  const rest = request.url.slice("/api/labels".length);
  return rest === "" || rest.startsWith("?");
}

function headersOf(request: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  return headers;
}

async function answerSave([{ cookiesOf, sessionCtx }, { saveRoute }]: SaveModules, request: IncomingMessage, response: ServerResponse, origin: string): Promise<void> {
  let answer: Response;
  try {
    const url = new URL(request.url ?? "/", request.headers.host ? `http://${request.headers.host}` : origin).href;
    // A body refused part-way (over the limit) must not destroy the socket: the 413 still has to go out on it.
    const chunks = request.iterator({ destroyOnReturn: false });
    answer = await saveRoute({ method: "PUT", url, headers: headersOf(request), body: chunks }, () => sessionCtx(cookiesOf(request.headers.cookie)));
  } catch (error) {
    console.error(error);
    answer = Response.json({ error: "Something went wrong on our side. Please try again." }, { status: 500 });
  }
  const body = Buffer.from(await answer.arrayBuffer());
  response.statusCode = answer.status;
  for (const [name, value] of answer.headers) response.setHeader(name, value);
  for (const { key, value } of SECURITY_HEADERS) response.setHeader(key, value);
  response.setHeader("Content-Length", body.length);
  response.end(body);
  // A body left unread (a refusal before reading it) is discarded, so the connection can be kept.
  request.resume();
}

async function main(): Promise<void> {
  const { HOST: host, PORT: port } = env();
  const app = next({ dev: false, dir: root, hostname: host, port });
  const handle = app.getRequestHandler();
  await app.prepare();
  const save: SaveModules = await Promise.all([import("@/lib/auth/ctx"), import("@/lib/server/labeling/saveRoute")]);
  const origin = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  const server = createServer((request, response) => {
    if (isSave(request)) void answerSave(save, request, response, origin);
    else void handle(request, response);
  });
  server.on("error", (error: NodeJS.ErrnoException) => {
    console.error(`The web server could not listen on ${host}:${port} (${error.code ?? error.message}).`);
    process.exit(1);
  });
  server.listen(port, host, () => console.log(`✓ Ready: serving on ${origin}`));
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.on(signal, () => {
      server.close();
      process.exit(0);
    });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
