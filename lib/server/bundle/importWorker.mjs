// The import worker process's entry (importInWorker.ts). First the lowest CPU priority,
// for this thread and the threads and processes it starts (tsx's loader thread, its
// esbuild) — where `nice` already started the whole process so, this changes nothing:
// loading the import's TypeScript sources takes a core for about a second, parsing and
// checking a large bundle for seconds, and the server's own thread, answering
// clinicians, comes first on a small machine. Then tsx's loader, which the sources
// need, and the worker itself.
import { setPriority } from "node:os";
import { register } from "tsx/esm/api";

try {
  setPriority(19);
} catch {
  // not permitted here: the import runs at the server's priority
}
register();
await import("./importWorker.ts");
