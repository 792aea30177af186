import "server-only";
import { demoCorpus } from "@/lib/demo";
import { demoSimulatorSetup } from "@/lib/demo/simulatorSetup";
import type { SeedResult } from "./corpus";
import { seedCorpusIfEmpty } from "./seedCorpus";

/**
 * `npm start` calls this: an empty database gets the deterministic demo corpus, and
 * the demo simulator at `simulatorUrl` as an endpoint with the demo's judges and models.
 */
export async function seedDemoIfEmpty(simulatorUrl: string): Promise<SeedResult> {
  return seedCorpusIfEmpty({ ...demoCorpus(), simulator: demoSimulatorSetup(simulatorUrl) });
}
