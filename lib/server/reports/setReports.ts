import "server-only";
import { z } from "zod";
import type { Db } from "@/db/client";
import type { CalibrationInput } from "@/lib/calibration/input";
import { candidateJudges } from "@/lib/calibration/candidates";
import { DEFAULT_OPTIONS, type CalibrationOptions } from "@/lib/calibration/report";
import { PanelSizeParam, SetIdParam } from "@/lib/calibration/schema";
import { fingerprintOf } from "@/lib/freeze/fingerprint";
import { restrictToSplit, Selection, splitsOf } from "@/lib/freeze/scope";
import { loadSetInput } from "@/lib/server/sets/setInput";
import { reportFor, type CachedReport } from "./reportCache";
import { loadSetScope, type SetScope } from "@/lib/server/sets/setScope";

/** The least coverage of the consensus units a judge needs to enter panels, as a share 0..1. */
export const MinCoverage = z.coerce.number().min(0, "must be at least 0").max(1, "must be at most 1");

/** Which report of a set: every item or held out, and the panel size. */
export const ReportParams = z.strictObject({
  setId: SetIdParam,
  selection: Selection.default("all"),
  panelSize: PanelSizeParam.default(DEFAULT_OPTIONS.panelSize),
  minCoverage: MinCoverage.default(DEFAULT_OPTIONS.minCoverage),
});
export type ReportParams = z.output<typeof ReportParams>;

export interface SetReports {
  scope: SetScope;
  /** Every unit of the set, and its fingerprint (what a freeze records). */
  input: CalibrationInput;
  fingerprint: string;
  /** The items panels are ranked on, and their report. */
  rankInput: CalibrationInput;
  ranked: CachedReport;
  /** Held out: the items the chosen panel is reported on, and their report. */
  reportInput: CalibrationInput | null;
  reported: CachedReport | null;
  options: CalibrationOptions;
}

/**
 * A set's reports as the engine computes them (in the worker, cached by the
 * fingerprint of their exact input): one report over every item, or for a hold-out
 * one on the public-split items (ranking) and one on the private-split items.
 */
export function setReports(db: Db, params: ReportParams): SetReports {
  const scope = loadSetScope(db, params.setId);
  const input = loadSetInput(db, params.setId);
  const fingerprint = fingerprintOf(input);
  const { rankOn, reportOn } = splitsOf(params.selection);
  // Coverage is decided once over the whole set: both sides of a hold-out use the same candidates.
  const candidates = rankOn ? candidateJudges(input, params.minCoverage) : undefined;
  const options: CalibrationOptions = { ...DEFAULT_OPTIONS, panelSize: params.panelSize, minCoverage: params.minCoverage, candidates };
  const rankInput = restrictToSplit(input, scope.splitOf, rankOn);
  const reportInput = reportOn ? restrictToSplit(input, scope.splitOf, reportOn) : null;
  return {
    scope,
    input,
    fingerprint,
    rankInput,
    ranked: reportFor(rankInput, options, rankOn ? undefined : fingerprint),
    reportInput,
    reported: reportInput ? reportFor(reportInput, options) : null,
    options,
  };
}
