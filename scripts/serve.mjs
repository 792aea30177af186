// The web server's entry (scripts/start.ts spawns it): `server-only` allowed (the
// hook), tsx's loader for our TypeScript, then scripts/serve.ts. Node's own flags stay
// empty, so the engine worker threads start as they would under `next start` (they take
// the react-server condition and load tsx themselves, at their own priority).
import { register } from "node:module";
import { register as registerTsx } from "tsx/esm/api";

register("./serverOnlyHook.mjs", import.meta.url);
registerTsx();
await import("./serve.ts");
