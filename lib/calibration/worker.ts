import { serveEngine } from "../engineWorker";
import type { CalibrationInput } from "./input";
import { calibrate, type CalibrationOptions, type CalibrationReport } from "./report";

export interface CalibrationRequest {
  input: CalibrationInput;
  options: Partial<CalibrationOptions>;
}

serveEngine<CalibrationRequest, CalibrationReport>(({ input, options }) => calibrate(input, options));
