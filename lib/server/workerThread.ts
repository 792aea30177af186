import "server-only";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { EngineRequest, EngineResponse } from "@/lib/engineWorker";

/**
 * An engine on a worker thread, so a report never blocks the web server's event loop.
 * One worker per engine is kept and reused; requests queue on it. `modulePath` (from
 * the project root, e.g. ["lib", "scoring", "worker.ts"]) is found at run time because
 * the server code itself runs from a bundle.
 */
export function workerThread<P, R>(modulePath: readonly string[], name: string): (payload: P) => Promise<R> {
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, { resolve: (result: R) => void; reject: (error: Error) => void }>();

  function failAll(error: Error) {
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
    worker = null;
  }

  function getWorker(): Worker {
    if (worker) return worker;
    // The thread starts from a one-line bootstrap that imports the entry at run time: a
    // path given to `new Worker` would make Turbopack bundle the entry, tsx and esbuild's binary.
    const root = process.cwd();
    const entry = pathToFileURL(join(root, "lib", "workerBoot.mjs")).href;
    const engine = pathToFileURL(join(root, ...modulePath)).href;
    const started = new Worker('import(require("node:worker_threads").workerData.entry)', { eval: true, workerData: { entry, module: engine } });
    started.unref();
    started.on("message", (response: EngineResponse<R>) => {
      const waiting = pending.get(response.id);
      if (!waiting) return;
      pending.delete(response.id);
      if ("error" in response) waiting.reject(new Error(response.error));
      else waiting.resolve(response.result);
    });
    started.on("error", failAll);
    started.on("exit", (code) => failAll(new Error(`the ${name} worker stopped (exit code ${code})`)));
    worker = started;
    return started;
  }

  return (payload: P) => {
    const id = nextId++;
    const request: EngineRequest<P> = { id, payload };
    return new Promise<R>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      getWorker().postMessage(request);
    });
  };
}
