// Worker-thread entry: TypeScript sources need tsx's loader registered in this thread first.
import { register } from "tsx/esm/api";

register();
await import("./importWorker.ts");
