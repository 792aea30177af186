import { join } from "node:path";
import { Worker } from "node:worker_threads";

/** How often the log is copied into the database. */
const CHECKPOINT_MS = 500;

// Plain CommonJS, evaluated on the thread: the server's own code runs from a bundle.
const CHECKPOINTER = `
const { workerData } = require("node:worker_threads");
const Database = require(workerData.sqlite);
const db = new Database(workerData.path);
setInterval(() => {
  try {
    db.pragma("wal_checkpoint(PASSIVE)");
  } catch (error) {
    console.error("checkpoint failed:", error.message);
  }
}, workerData.ms);
`;

/**
 * Copies the write-ahead log into the database every half second, on a thread of its
 * own, instead of SQLite's default: a checkpoint run by whichever commit makes the log
 * pass 1,000 pages — on the server, a clinician's save, which then waited on the copy
 * and its fsync (and after a large import, on a copy of the whole import). A PASSIVE
 * checkpoint never takes the write lock, so it delays no writer. The thread does not
 * keep the process alive.
 */
export function checkpointInBackground(path: string): Worker {
  const worker = new Worker(CHECKPOINTER, { eval: true, workerData: { path, ms: CHECKPOINT_MS, sqlite: join(process.cwd(), "node_modules", "better-sqlite3") } });
  worker.unref();
  worker.on("error", (error) => console.error("the checkpoint thread stopped:", error.message));
  return worker;
}
