import "server-only";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { join } from "node:path";
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

let niceWorks: boolean | undefined;

/** Node with `args`, every thread of it at the lowest CPU priority where `nice` exists (else at ours; the entry lowers its own). */
function spawnWorker(args: string[]): ChildProcess {
  niceWorks ??= spawnSync("nice", ["-n", "19", "true"]).status === 0;
  const [command, ...rest] = niceWorks ? ["nice", "-n", "19", process.execPath, ...args] : [process.execPath, ...args];
  return spawn(command, rest, { stdio: ["ignore", "inherit", "pipe", "ipc"], serialization: "advanced" });
}

/**
 * Runs one import in a worker process of its own, so reading, checking and writing a
 * large bundle never blocks the web server's event loop (clinicians' saves go on;
 * while the import's transaction writes they go to the save journal). The process opens
 * the same database file, runs the service exactly as the CLI does, answers and ends;
 * its heap is bounded, and running out of it is answered as a bundle too large to
 * import at once. A process rather than a thread: all of its threads (its garbage
 * collector's, its file reads') run at the lowest CPU priority, and its memory — a
 * large import's heap grows and is released in hundreds of megabytes — is not the web
 * server's, whose thread stalled while a worker thread's heap was mapped and unmapped.
 */
export function importInWorker(job: ImportJob, { heapMb = WORKER_HEAP_MB } = {}): Promise<ImportResult> {
  const entry = join(process.cwd(), "lib", "server", "bundle", "importWorker.mjs");
  const child = spawnWorker(["--conditions=react-server", `--max-old-space-size=${heapMb}`, entry]);
  // Its last words, should it stop without answering (out of memory: V8 says so on stderr).
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    process.stderr.write(chunk);
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  child.send({ dbPath: getDb().$client.name, job });
  return new Promise((resolve, reject) => {
    let answered = false;
    child.once("message", (answer: ImportAnswer) => {
      answered = true;
      if (answer.ok) resolve(answer.result);
      else if ("crash" in answer) reject(new Error(`the import worker failed: ${answer.crash}`));
      else if (answer.status === 400) reject(new Invalid(answer.message, answer.issues, answer.more));
      else reject(serviceError(answer.status, answer.message));
    });
    child.once("error", (error) => {
      answered = true;
      reject(error);
    });
    child.once("exit", (code, signal) => {
      if (answered) return;
      if (/heap out of memory|Reached heap limit/i.test(stderr)) reject(new TooLarge("The bundle is too large to import at once: nothing was imported; split it into smaller bundles."));
      else reject(new Error(`the import worker stopped (${signal ?? `exit code ${code}`})`));
    });
  });
}
