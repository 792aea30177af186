import "server-only";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { CalibrationInput } from "@/lib/calibration/input";
import type { CalibrationOptions, CalibrationReport } from "@/lib/calibration/report";
import type { WorkerRequest, WorkerResponse } from "@/lib/calibration/worker";

/**
 * Runs the calibration engine on a worker thread so a report never blocks the web
 * server's event loop. One worker is kept and reused; requests queue on it. The entry
 * is found from the project root because the server code itself runs from a bundle.
 */
let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, { resolve: (report: CalibrationReport) => void; reject: (error: Error) => void }>();

function failAll(error: Error) {
  for (const { reject } of pending.values()) reject(error);
  pending.clear();
  worker = null;
}

function getWorker(): Worker {
  if (worker) return worker;
  // The thread starts from a one-line bootstrap that imports the entry at run time: a
  // path given to `new Worker` would make Turbopack bundle the entry, tsx and esbuild's binary.
  const entry = pathToFileURL(join(process.cwd(), "lib", "calibration", "worker.mjs")).href;
  const started = new Worker('import(require("node:worker_threads").workerData.entry)', { eval: true, workerData: { entry } });
  started.unref();
  started.on("message", (response: WorkerResponse) => {
    const waiting = pending.get(response.id);
    if (!waiting) return;
    pending.delete(response.id);
    if ("error" in response) waiting.reject(new Error(response.error));
    else waiting.resolve(response.report);
  });
  started.on("error", failAll);
  started.on("exit", (code) => failAll(new Error(`the calibration worker stopped (exit code ${code})`)));
  worker = started;
  return started;
}

export function calibrateInWorker(input: CalibrationInput, options: Partial<CalibrationOptions> = {}): Promise<CalibrationReport> {
  const id = nextId++;
  const request: WorkerRequest = { id, input, options };
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    getWorker().postMessage(request);
  });
}
