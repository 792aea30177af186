import { serveEngine } from "../engineWorker";
import type { ScoringInput } from "./input";
import { scoreModels, type ScoreReport, type ScoringOptions } from "./report";

export interface ScoringRequest {
  input: ScoringInput;
  options: ScoringOptions;
}

serveEngine<ScoringRequest, ScoreReport>(({ input, options }) => scoreModels(input, options));
