/**
 * `npm run demo:llm`: the demo simulator on its own, on 127.0.0.1 at
 * CONCORD_DEMO_LLM_PORT (default 3999), until Ctrl-C. `CONCORD_DEMO_LLM=1 npm start`
 * runs the same server inside Concord's process instead.
 */
import { demoLlmBaseUrl, env } from "@/lib/env";
import { startDemoSimulator } from "@/lib/simulator/startDemoSimulator";

const config = env();
const simulator = await startDemoSimulator({ port: config.CONCORD_DEMO_LLM_PORT, latencyMs: config.CONCORD_DEMO_LLM_LATENCY_MS }).catch((error: Error) => {
  console.error(`The demo simulator could not listen on ${demoLlmBaseUrl(config)} (${error.message}); set CONCORD_DEMO_LLM_PORT to a free port.`);
  process.exit(1);
});
console.log(`Demo simulator (not a real model) listening at ${simulator.url}`);
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void simulator.close().then(() => process.exit(0)));
