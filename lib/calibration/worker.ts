import { parentPort } from "node:worker_threads";
import type { CalibrationInput } from "./input";
import { calibrate, type CalibrationOptions, type CalibrationReport } from "./report";

/** A request to the calibration worker and its answer. */
export interface WorkerRequest {
  id: number;
  input: CalibrationInput;
  options: Partial<CalibrationOptions>;
}
export type WorkerResponse = { id: number; report: CalibrationReport } | { id: number; error: string };

parentPort?.on("message", (request: WorkerRequest) => {
  let response: WorkerResponse;
  try {
    response = { id: request.id, report: calibrate(request.input, request.options) };
  } catch (error) {
    response = { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(response);
});
