/**
 * A CPU profile of every process it is preloaded into (Node refuses --cpu-prof in
 * NODE_OPTIONS): `BENCH_SERVER_NODE_OPTIONS="--import ./bench/cpu-profile.mjs"
 * npm run bench:load …` writes CPU_PROFILE_DIR (default the working directory)
 * /PID.cpuprofile when the process exits; open it in Chrome's DevTools.
 */
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector";
import { join } from "node:path";

const session = new Session();
session.connect();
session.post("Profiler.enable");
session.post("Profiler.start");
process.on("exit", () => {
  session.post("Profiler.stop", (error, result) => {
    if (!error) writeFileSync(join(process.env.CPU_PROFILE_DIR ?? process.cwd(), `${process.pid}.cpuprofile`), JSON.stringify(result.profile));
  });
});
