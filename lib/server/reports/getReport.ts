import "server-only";
import type { z } from "zod";
import { getDb } from "@/db/client";
import type { CalibrationReport } from "@/lib/calibration/report";
import type { Selection } from "@/lib/freeze/scope";
import type { Ctx } from "@/lib/server/context";
import { requireRole } from "@/lib/server/guard";
import { namesOf } from "@/lib/server/users/read";
import { ReportParams, setReports } from "./setReports";

export interface SetReport {
  set: { id: number; name: string };
  selection: Selection;
  panelSize: number;
  minCoverage: number;
  /** SHA-256 of the set's exact units, consensus and verdicts (lib/freeze/fingerprint). */
  fingerprint: string;
  /** Items by split, so a hold-out can say how much each side holds. */
  items: { public: number; private: number };
  /** Panels ranked here: every item, or the public split when held out. */
  ranked: CalibrationReport;
  /** Held out: the same panels on the private split. */
  reported: CalibrationReport | null;
  cached: boolean;
  /** Display names of the clinicians the report mentions, by id. */
  names: Record<string, string>;
  /** Time to produce this answer on the server (load, fingerprint, compute or cache hit). */
  serverMs: number;
}

/** The calibration report of a set, computed on demand in the worker and cached by its input's fingerprint. */
export async function getReport({ ctx, input }: { ctx: Ctx; input: z.input<typeof ReportParams> }): Promise<SetReport> {
  requireRole(ctx, "lead");
  const params = ReportParams.parse(input);
  const started = performance.now();
  const reports = setReports(getDb(), params);
  const [ranked, reported] = await Promise.all([reports.ranked.report, reports.reported?.report ?? null]);
  const splits = [...reports.scope.splitOf.values()];
  return {
    set: reports.scope.set,
    selection: params.selection,
    panelSize: params.panelSize,
    minCoverage: params.minCoverage,
    fingerprint: reports.fingerprint,
    items: { public: splits.filter((s) => s === "public").length, private: splits.filter((s) => s === "private").length },
    ranked,
    reported,
    cached: reports.ranked.cached && (reports.reported?.cached ?? true),
    names: Object.fromEntries(namesOf(getDb(), ranked.clinicians.raters)),
    serverMs: Math.round(performance.now() - started),
  };
}
