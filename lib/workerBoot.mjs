// Worker-thread entry: TypeScript sources need tsx's loader registered in this thread
// first; then the engine's worker module named in workerData is loaded.
import { workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
await import(workerData.module);
