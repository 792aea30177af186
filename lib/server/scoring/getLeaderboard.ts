import "server-only";
import { getDb } from "@/db/client";
import { scoringFingerprint } from "@/lib/scoring/fingerprint";
import type { ScoringInput } from "@/lib/scoring/input";
import { DEFAULT_SCORING, type ScoreReport, type ScoringOptions } from "@/lib/scoring/report";
import type { Ctx } from "@/lib/server/context";
import { Invalid, NotFound } from "@/lib/server/errors";
import { requireRole } from "@/lib/server/guard";
import { promiseCache } from "@/lib/server/promiseCache";
import { latestGradingRun, loadGradingInput, type Grading } from "./loadGradingInput";
import { LeaderboardParams } from "./schema";
import { changeStamp } from "./changeStamp";
import { scoreInWorker } from "./scoreInWorker";

export interface Leaderboard {
  grading: Omit<Grading, "input" | "versions" | "counterKeys"> & {
    /** How many items the grading pinned a rubric version for. */
    pinnedItems: number;
    /** The subcategories of the pinned items, for the filter. */
    subcategories: string[];
  };
  filter: { models: string[] | null; subcategory: string | null };
  report: ScoreReport;
  /** SHA-256 of the engine's exact input and options (lib/scoring/fingerprint): the cache key. */
  fingerprint: string;
  cached: boolean;
  /** Time to produce this answer on the server (load, fingerprint, compute or cache hit). */
  serverMs: number;
}

/** A paper-scale report is a few hundred kB; keep a handful of gradings and filters. */
const KEPT = 16;
const cache = promiseCache<ScoreReport>(KEPT);

/** Per grading and filter: the change stamp and fingerprint it was last scored at, and what the page shows besides the report. */
const seenAt = new Map<string, { keys: string[]; stamp: number; fingerprint: string; board: Omit<Leaderboard, "report" | "cached" | "serverMs"> }>();

/** How often gradings were read from the database and scored by the engine since the process started (for tests and the bench). */
export const leaderboardWork = { loads: 0, computes: 0 };

function filtered(input: ScoringInput, subcategory: string | undefined): ScoringInput {
  if (subcategory === undefined) return input;
  const items = input.items.filter((i) => i.subcategory === subcategory);
  const kept = new Set(items.map((i) => i.id));
  const responses = input.responses.filter((r) => kept.has(r.item));
  const ids = new Set(responses.map((r) => r.id));
  const references = input.references && {
    responses: input.references.responses.filter((r) => kept.has(r.item)),
    verdicts: input.references.verdicts,
  };
  return { items, responses, verdicts: input.verdicts.filter((v) => ids.has(v.response)), families: input.families, ...(references ? { references } : {}) };
}

/**
 * The leaderboard of a grading (docs/scoring.md#the-leaderboard-page): the scoring
 * engine on the grading's input from the database, with the CLI's resamples and seed,
 * computed in the worker and cached by the input's fingerprint; while none of the
 * grading's change counters moved since, a repeat request skips reading the grading. Filters: some of the
 * graded models, and the items of one subcategory. Leads and authors; clinicians never
 * see models or judges. Null when there is no finished grading yet.
 */
export async function getLeaderboard({ ctx, input }: { ctx: Ctx; input: LeaderboardParams }): Promise<Leaderboard | null> {
  requireRole(ctx, "lead", "author");
  const params = LeaderboardParams.parse(input);
  const started = performance.now();
  const db = getDb();
  const runId = params.runId ?? latestGradingRun(db, params.freezeId);
  if (runId === null) {
    if (params.freezeId !== undefined) throw new NotFound(`Frozen panel #${params.freezeId} has no finished grading.`);
    return null;
  }
  // Nothing this grading reads has changed since it was last scored with this filter (its
  // change counters say so): the cached report stands, without reading the grading again.
  const view = `${runId}|${params.models?.join(",") ?? "*"}|${params.subcategory ?? "*"}`;
  const seen = seenAt.get(view);
  const kept = seen && changeStamp(db, seen.keys) === seen.stamp ? cache.peek(seen.fingerprint) : undefined;
  if (seen && kept) return { ...seen.board, report: await kept, cached: true, serverMs: Math.round(performance.now() - started) };

  // the grading and its stamp from one snapshot of the database
  const { loaded, stamp } = db.$client.transaction(() => {
    const loaded = loadGradingInput(db, runId);
    return { loaded, stamp: changeStamp(db, loaded.counterKeys) };
  })();
  leaderboardWork.loads++;
  const { input: all, versions, counterKeys, ...grading } = loaded;
  if (grading.run.status !== "done") throw new Invalid(`Grade run ${runId} is ${grading.run.status}, not done: its leaderboard appears when every call has an answer.`);
  const subcategories = [...new Set(all.items.map((i) => i.subcategory))].sort();
  if (params.subcategory !== undefined && !subcategories.includes(params.subcategory)) {
    throw new Invalid(`subcategory: grade run ${runId} has no item in "${params.subcategory}" (it has ${subcategories.join(", ") || "none"}).`);
  }
  const unknown = (params.models ?? []).filter((m) => !grading.models.includes(m));
  if (unknown.length > 0) throw new Invalid(`models: grade run ${runId} did not grade ${unknown.slice(0, 5).map((m) => `"${m}"`).join(", ")}${unknown.length > 5 ? ` and ${unknown.length - 5} more` : ""}.`);

  const scoringInput = filtered(all, params.subcategory);
  const options: ScoringOptions = { panel: grading.panel, models: params.models ?? grading.models, ...DEFAULT_SCORING };
  const fingerprint = scoringFingerprint(scoringInput, options);
  const result = cache.get(fingerprint, () => {
    leaderboardWork.computes++;
    return scoreInWorker(scoringInput, options);
  });
  const report = await result.report;
  const board = {
    grading: { ...grading, pinnedItems: Object.keys(versions).length, subcategories },
    filter: { models: params.models ?? null, subcategory: params.subcategory ?? null },
    fingerprint,
  };
  seenAt.set(view, { keys: counterKeys, stamp, fingerprint, board });
  while (seenAt.size > KEPT * 4) seenAt.delete(seenAt.keys().next().value as string);
  return {
    ...board,
    report,
    cached: result.cached,
    serverMs: Math.round(performance.now() - started),
  };
}
