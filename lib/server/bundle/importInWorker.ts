import "server-only";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { getDb } from "@/db/client";
import { Conflict, Forbidden, Invalid, NotFound, ServiceError, TooLarge, Unauthorized } from "@/lib/server/errors";
import type { ImportAnswer, ImportJob } from "./importWorker";
import type { ImportResult } from "./writeBundle";

/** The worker's heap: a bundle up to the upload limit fits well inside it (docs/format.md#limits). */
const WORKER_HEAP_MB = 384;

/** The worker's refusal as the error the service would have thrown in this thread. */
function serviceError(status: number, message: string): ServiceError {
  const Known = { 401: Unauthorized, 403: Forbidden, 404: NotFound, 409: Conflict, 413: TooLarge }[status];
  return Known ? new Known(message) : new ServiceError(message, status);
}

/**
 * Runs one import on its own worker thread, so reading, checking and writing a large
 * bundle never blocks the web server's event loop (clinicians' saves go on; SQLite
 * makes them wait only while the import's transaction writes). The thread opens the
 * same database file, runs the service exactly as the CLI does, and ends; its heap is
 * bounded, and running out of it is answered as a bundle too large to import at once.
 */
export function importInWorker(job: ImportJob): Promise<ImportResult> {
  // A one-line bootstrap imports the entry at run time (as calibrateInWorker does), so
  // Turbopack does not bundle it; the react-server condition lets server-only load.
  const entry = pathToFileURL(join(process.cwd(), "lib", "server", "bundle", "importWorker.mjs")).href;
  const worker = new Worker('import(require("node:worker_threads").workerData.entry)', {
    eval: true,
    workerData: { entry, dbPath: getDb().$client.name, job },
    execArgv: [...process.execArgv, "--conditions=react-server"],
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
  });
  return new Promise((resolve, reject) => {
    let answered = false;
    worker.once("message", (answer: ImportAnswer) => {
      answered = true;
      if (answer.ok) resolve(answer.result);
      else if ("crash" in answer) reject(new Error(`the import worker failed: ${answer.crash}`));
      else if (answer.status === 400) reject(new Invalid(answer.message, answer.issues, answer.more));
      else reject(serviceError(answer.status, answer.message));
      void worker.terminate();
    });
    worker.once("error", (error: Error & { code?: string }) => {
      answered = true;
      reject(error.code === "ERR_WORKER_OUT_OF_MEMORY" ? new TooLarge("The bundle is too large to import at once: nothing was imported; split it into smaller bundles.") : error);
    });
    worker.once("exit", (code) => {
      if (!answered) reject(new Error(`the import worker stopped (exit code ${code})`));
    });
  });
}
