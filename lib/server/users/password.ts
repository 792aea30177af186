import "server-only";
import { Worker } from "node:worker_threads";

const COST = 10;

// bcryptjs's own async functions run on the calling thread in slices of up to 100 ms,
// so every sign-in held up the web server's event loop (and every clinician's save
// behind it) for about a tenth of a second. Hashes are computed on a thread of their
// own instead, one at a time, with bcryptjs's synchronous functions.
const SOURCE = `
const { parentPort } = require("node:worker_threads");
const bcrypt = require(require.resolve("bcryptjs", { paths: [process.cwd()] }));
parentPort.on("message", ({ id, op, a, b }) => {
  try {
    parentPort.postMessage({ id, value: op === "hash" ? bcrypt.hashSync(a, b) : bcrypt.compareSync(a, b) });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message || error) });
  }
});`;

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };
let worker: Worker | undefined;
const pending = new Map<number, Pending>();
let nextId = 0;

function hasher(): Worker {
  if (worker) return worker;
  const started = new Worker(SOURCE, { eval: true });
  started.on("message", ({ id, value, error }: { id: number; value?: unknown; error?: string }) => {
    const call = pending.get(id);
    if (!call) return;
    pending.delete(id);
    if (pending.size === 0) started.unref();
    if (error === undefined) call.resolve(value);
    else call.reject(new Error(error));
  });
  const fail = (error: Error) => {
    worker = undefined;
    for (const call of pending.values()) call.reject(error);
    pending.clear();
  };
  started.on("error", fail);
  started.on("exit", (code) => fail(new Error(`the password hashing thread stopped (exit code ${code})`)));
  started.unref();
  worker = started;
  return started;
}

/** One call to the hashing thread; it keeps the process alive only while calls are waiting. */
function call<T>(op: "hash" | "compare", a: string, b: string | number): Promise<T> {
  const thread = hasher();
  const id = nextId++;
  return new Promise<T>((resolve, reject) => {
    pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
    thread.ref();
    thread.postMessage({ id, op, a, b });
  });
}

export function hashPassword(password: string): Promise<string> {
  return call("hash", password, COST);
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return call("compare", password, hash);
}
