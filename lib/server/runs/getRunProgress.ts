import "server-only";
import { getDb } from "@/db/client";
import type { Ctx } from "@/lib/server/context";
import { NotFound } from "@/lib/server/errors";
import { requireRole } from "@/lib/server/guard";
import type { RunEstimate } from "./planRun";
import { RunIdInput, type RunRequest } from "./schema";

export interface ActorProgress {
  actor: string;
  endpoint: string;
  simulated: boolean;
  total: number;
  done: number;
  missing: number;
  failed: number;
  cancelled: number;
  /** Waiting or in flight. */
  open: number;
  tokensIn: number;
  tokensOut: number;
  /** Calls settled per minute over the last minute. */
  perMinute: number;
  /** Seconds left at that rate; null when nothing settled lately. */
  etaSeconds: number | null;
}

export interface RunProgress {
  id: number;
  kind: RunRequest["kind"];
  title: string;
  status: "running" | "paused" | "cancelled" | "done";
  statusNote: string | null;
  createdAt: number;
  finishedAt: number | null;
  estimate: RunEstimate;
  spec: Record<string, unknown>;
  actors: ActorProgress[];
  totals: Omit<ActorProgress, "actor" | "endpoint" | "simulated">;
  /** The latest calls that failed or came back unusable, with why. */
  problems: { key: string; status: string; attempts: number; error: string }[];
  /**
   * A run planned as it goes (flow judge, simulate): its walks (judge × conversation) or
   * conversations begun and ended, and a flow run's study; the calls grow meanwhile.
   */
  sequences: { total: number; ended: number; studyId: number | null } | null;
}

const RATE_WINDOW_MS = 60_000;

/** A run's progress per judge or model, from the queue's rows. */
export function readRunProgress(runId: number, now = Date.now()): RunProgress {
  const c = getDb().$client;
  const run = c.prepare("SELECT id, kind, title, status, status_note AS statusNote, spec, estimate, created_at AS createdAt, finished_at AS finishedAt FROM runs WHERE id = ?").get(runId) as
    | (Omit<RunProgress, "actors" | "totals" | "problems" | "spec" | "estimate"> & { spec: string; estimate: string })
    | undefined;
  if (!run) throw new NotFound(`There is no run ${runId}.`);
  const rows = c
    .prepare(`SELECT c.actor, e.name AS endpoint, e.simulated, count(*) AS total,
        sum(c.status = 'done') AS done, sum(c.status = 'missing') AS missing, sum(c.status = 'failed') AS failed, sum(c.status = 'cancelled') AS cancelled,
        sum(c.status IN ('pending', 'running')) AS open, sum(c.tokens_in) AS tokensIn, sum(c.tokens_out) AS tokensOut,
        sum(c.status IN ('done', 'missing', 'failed') AND c.updated_at > ?) AS recent
      FROM run_calls c JOIN endpoints e ON e.id = c.endpoint_id WHERE c.run_id = ? GROUP BY c.actor, e.name, e.simulated ORDER BY c.actor`)
    .all(now - RATE_WINDOW_MS, runId) as (Omit<ActorProgress, "perMinute" | "etaSeconds" | "simulated"> & { recent: number; simulated: number })[];
  const live = run.status === "running";
  const actors: ActorProgress[] = rows.map(({ recent, simulated, ...row }) => ({
    ...row,
    simulated: simulated === 1,
    perMinute: live ? recent : 0,
    etaSeconds: live && recent > 0 ? Math.ceil((row.open / recent) * 60) : null,
  }));
  const sum = (f: (a: ActorProgress) => number) => actors.reduce((s, a) => s + f(a), 0);
  const perMinute = sum((a) => a.perMinute);
  const open = sum((a) => a.open);
  const problems = c
    .prepare(`SELECT key, status, attempts, last_error AS error FROM run_calls WHERE run_id = ? AND last_error IS NOT NULL AND status IN ('failed', 'missing', 'pending')
      ORDER BY updated_at DESC LIMIT 20`)
    .all(runId) as RunProgress["problems"];
  const spec = JSON.parse(run.spec) as Record<string, unknown>;
  // A flow walk is one judge's on one conversation; a simulated conversation has two actors, one key.
  const sequences =
    run.kind === "flow_judge" || run.kind === "simulate"
      ? (c
          .prepare(`SELECT count(*) AS total, sum(open = 0) AS ended FROM (SELECT sum(status IN ('pending', 'running', 'failed')) AS open FROM run_calls WHERE run_id = ?
            GROUP BY CASE kind WHEN 'flow' THEN actor ELSE '' END, conversation_id)`)
          .get(runId) as { total: number; ended: number | null })
      : null;
  return {
    ...run,
    spec,
    estimate: JSON.parse(run.estimate),
    actors,
    totals: {
      total: sum((a) => a.total), done: sum((a) => a.done), missing: sum((a) => a.missing), failed: sum((a) => a.failed), cancelled: sum((a) => a.cancelled),
      open, tokensIn: sum((a) => a.tokensIn), tokensOut: sum((a) => a.tokensOut), perMinute, etaSeconds: live && perMinute > 0 ? Math.ceil((open / perMinute) * 60) : null,
    },
    problems,
    sequences: sequences ? { total: sequences.total, ended: sequences.ended ?? 0, studyId: run.kind === "flow_judge" ? Number(spec.studyId) : null } : null,
  };
}

/** The run page's data (lead only). */
export async function getRunProgress({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<RunProgress> {
  requireRole(ctx, "lead");
  return readRunProgress(RunIdInput.parse(input).runId);
}
