import "server-only";
import type { ScoringInput } from "@/lib/scoring/input";
import type { ScoreReport, ScoringOptions } from "@/lib/scoring/report";
import type { ScoringRequest } from "@/lib/scoring/worker";
import { workerThread } from "@/lib/server/workerThread";

const scoreThere = workerThread<ScoringRequest, ScoreReport>(["lib", "scoring", "worker.ts"], "scoring");

/** The scoring engine on its worker thread (lib/server/workerThread). */
export function scoreInWorker(input: ScoringInput, options: ScoringOptions): Promise<ScoreReport> {
  return scoreThere({ input, options });
}
