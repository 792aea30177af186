import { MODELS } from "./responses";
import type { DemoSimulatorSetup } from "./types";
import { judgeProfiles } from "./verdicts";

/** Named plainly, because every result from it is simulated. */
export const SIMULATOR_ENDPOINT_NAME = "Demo simulator — not a real model";
const SIMULATOR_CONCURRENCY = 16;

/**
 * The demo's simulator endpoint at `baseUrl`, with the fifteen demo judges and the six
 * demo models on it. Each model name the simulator answers to is the demo's own id
 * (lib/simulator); the demo has no provider families.
 */
export function demoSimulatorSetup(baseUrl: string): DemoSimulatorSetup {
  return {
    endpoint: { name: SIMULATOR_ENDPOINT_NAME, baseUrl, maxConcurrency: SIMULATOR_CONCURRENCY },
    judges: judgeProfiles().map(({ id }) => ({ id, model: id, family: null })),
    models: MODELS.map(({ id }) => ({ id, model: id, family: null })),
  };
}
