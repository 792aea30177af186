import "server-only";
import type { CalibrationInput } from "@/lib/calibration/input";
import type { CalibrationOptions, CalibrationReport } from "@/lib/calibration/report";
import { calibrateInWorker } from "@/lib/server/calibration/calibrateInWorker";
import { fingerprintOf } from "@/lib/freeze/fingerprint";
import { promiseCache, type Cached } from "@/lib/server/promiseCache";

/**
 * Reports by the fingerprint of their exact input (units, consensus, verdicts) and
 * the engine's options: the same data gives the same report, so it is computed once;
 * any change to a label or verdict changes the key. In-flight computations are shared.
 * A few recent reports are kept (a paper-scale report is about 0.4 MB).
 */
const cache = promiseCache<CalibrationReport>(12);

export type CachedReport = Cached<CalibrationReport>;

export function reportFor(input: CalibrationInput, options: CalibrationOptions, fingerprint = fingerprintOf(input)): CachedReport {
  const key = `${fingerprint}:${options.panelSize}:${options.resamples}:${options.seed}:${options.minCoverage}:${options.candidates?.join(",") ?? "*"}`;
  return cache.get(key, () => calibrateInWorker(input, options));
}
