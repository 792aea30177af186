/**
 * `npm run demo:llm`: the demo simulator on its own, on 127.0.0.1 at
 * CONCORD_DEMO_LLM_PORT (default 3999), until Ctrl-C. `CONCORD_DEMO_LLM=1 npm start`
 * runs the same server inside Concord's process instead.
 */
import { env } from "@/lib/env";
import { startDemoSimulator } from "@/lib/simulator/startDemoSimulator";

const config = env();
const simulator = await startDemoSimulator({ port: config.CONCORD_DEMO_LLM_PORT, latencyMs: config.CONCORD_DEMO_LLM_LATENCY_MS });
console.log(`Demo simulator (not a real model) listening at ${simulator.url}`);
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void simulator.close().then(() => process.exit(0)));
