import "server-only";
import type { CalibrationInput } from "@/lib/calibration/input";
import type { CalibrationOptions, CalibrationReport } from "@/lib/calibration/report";
import { calibrateInWorker } from "@/lib/server/calibration/calibrateInWorker";
import { fingerprintOf } from "@/lib/freeze/fingerprint";

/**
 * Reports by the fingerprint of their exact input (units, consensus, verdicts) and
 * the engine's options: the same data gives the same report, so it is computed once;
 * any change to a label or verdict changes the key. In-flight computations are shared.
 * A few recent reports are kept (a paper-scale report is about 0.4 MB).
 */
const KEPT = 12;
const reports = new Map<string, Promise<CalibrationReport>>();

export interface CachedReport {
  key: string;
  report: Promise<CalibrationReport>;
  cached: boolean;
}

export function reportFor(input: CalibrationInput, options: CalibrationOptions, fingerprint = fingerprintOf(input)): CachedReport {
  const key = `${fingerprint}:${options.panelSize}:${options.resamples}:${options.seed}:${options.minCoverage}:${options.candidates?.join(",") ?? "*"}`;
  const hit = reports.get(key);
  if (hit) {
    reports.delete(key);
    reports.set(key, hit);
    return { key, report: hit, cached: true };
  }
  const report = calibrateInWorker(input, options);
  reports.set(key, report);
  report.catch(() => reports.delete(key));
  while (reports.size > KEPT) reports.delete(reports.keys().next().value as string);
  return { key, report, cached: false };
}
