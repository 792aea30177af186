import "server-only";
import type { CalibrationInput } from "@/lib/calibration/input";
import type { CalibrationOptions, CalibrationReport } from "@/lib/calibration/report";
import type { CalibrationRequest } from "@/lib/calibration/worker";
import { workerThread } from "@/lib/server/workerThread";

const calibrateThere = workerThread<CalibrationRequest, CalibrationReport>(["lib", "calibration", "worker.ts"], "calibration");

/** The calibration engine on its worker thread (lib/server/workerThread). */
export function calibrateInWorker(input: CalibrationInput, options: Partial<CalibrationOptions> = {}): Promise<CalibrationReport> {
  return calibrateThere({ input, options });
}
