// Worker-thread entry. First a low CPU priority, for this thread alone (Linux gives each
// thread its own nice value) and for the threads and processes it starts (tsx's loader
// thread, its esbuild): loading the engine's TypeScript sources takes a core for about a
// second and a report or a leaderboard for seconds more, and the server's own thread,
// answering clinicians' saves, comes first on a small machine (an idle machine still
// gives the engine every core). Then tsx's loader, which the sources need, and the
// engine's worker module named in workerData.
import { setPriority } from "node:os";
import { workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

try {
  setPriority(10);
} catch {
  // not permitted here: the engine runs at the server's priority
}
register();
await import(workerData.module);
