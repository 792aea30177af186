import "server-only";
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import PQueue from "p-queue";
import type { Db } from "@/db/client";
import { endpointClient } from "@/lib/runs/client";
import type { ResponseFormatMode } from "@/lib/runs/chat";
import { runJudgeCall, runRespondCall, runTurnCall, type Endpoint } from "@/lib/runs/execute";
import type { CallWrite, ClaimedCall, RunQueue } from "@/lib/runs/queue";
import { SqliteRunQueue } from "./sqliteQueue";

export interface WorkerOptions {
  /** How often the queue is looked at when nothing else wakes the worker. */
  pollMs?: number;
  /** Results wait at most this long before they are stored, in one transaction. */
  flushMs?: number;
  /** A heartbeat older than this means the worker that wrote it is gone. */
  staleMs?: number;
  /** Backoff bounds for HTTP retries (tests shorten them). */
  minBackoffMs?: number;
  maxBackoffMs?: number;
  env?: Record<string, string | undefined>;
  queue?: RunQueue;
}

interface EndpointRow {
  id: number;
  name: string;
  base_url: string;
  api_key_env: string | null;
  max_concurrency: number;
  requests_per_minute: number | null;
  timeout_ms: number;
  response_format: ResponseFormatMode;
}

/** One endpoint's lane: its own concurrency and rate limit, its client and what it has learned of the response format. */
interface Lane {
  settings: string;
  queue: PQueue;
  endpoint: Endpoint;
  heldUntil: number;
}

/** How often run statuses and endpoint settings are read again. */
const REFRESH_MS = 200;

/** Whether the process that wrote a lock is still running (always assumed for another host). */
function holderAlive(owner: string): boolean {
  const [host, pid] = owner.split(":");
  if (host !== hostname()) return true;
  try {
    process.kill(Number(pid), 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** SQLite's "database is locked": another connection held the write lock past the busy timeout. */
const isBusy = (error: unknown) => (error as { code?: string } | null)?.code === "SQLITE_BUSY";

/** Starts per interval: a sliding window of a minute, so a limit is never exceeded at a window's edge. */
function laneQueue(row: EndpointRow): PQueue {
  const rpm = row.requests_per_minute;
  return new PQueue({ concurrency: row.max_concurrency, ...(rpm ? { intervalCap: rpm, interval: 60_000, strict: true } : {}) });
}

/**
 * The run worker: takes due calls from the queue per endpoint, makes them under the
 * endpoint's concurrency and rate limits, and stores the results in batches. One
 * worker per database at a time (a heartbeat row); a worker that starts puts calls
 * a dead one left running back in the queue. Pause and cancel are read from the
 * runs' status, so any process can set them.
 */
export class RunWorker {
  /** Host, process and a nonce: a lock whose process on this host is gone is free at once. */
  readonly owner = `${hostname()}:${process.pid}:${randomUUID()}`;
  private readonly queue: RunQueue;
  private readonly lanes = new Map<number, Lane>();
  private readonly claimed = new Set<number>();
  private writes: CallWrite[] = [];
  private running = new Set<number>();
  private timer: NodeJS.Timeout | undefined;
  private flushTimer: NodeJS.Timeout | undefined;
  private tickQueued = false;
  private lastBeat = 0;
  private lastRefresh = 0;
  private stopped = true;
  private readonly abort = new AbortController();
  private readonly idle: (() => void)[] = [];
  private readonly options: Required<Omit<WorkerOptions, "queue" | "env">> & { env: Record<string, string | undefined> };

  constructor(
    private readonly db: Db,
    options: WorkerOptions = {},
  ) {
    this.queue = options.queue ?? new SqliteRunQueue(db);
    this.options = {
      pollMs: options.pollMs ?? 500,
      flushMs: options.flushMs ?? 50,
      staleMs: options.staleMs ?? 15_000,
      minBackoffMs: options.minBackoffMs ?? 1000,
      maxBackoffMs: options.maxBackoffMs ?? 60_000,
      env: options.env ?? process.env,
    };
  }

  /** Takes the database's worker lock and starts; false when another live worker holds it, or another writer holds the database (try again later). */
  start(): boolean {
    if (!this.stopped) return true;
    try {
      if (!this.beat(true)) return false;
      this.queue.recover();
    } catch (error) {
      if (!isBusy(error)) throw error;
      return false;
    }
    this.stopped = false;
    this.tick();
    return true;
  }

  /** Stops taking calls, lets the calls in flight end and stores their results, then gives up the lock. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    clearTimeout(this.timer);
    for (const lane of this.lanes.values()) lane.queue.clear();
    this.abort.abort();
    await Promise.all([...this.lanes.values()].map((lane) => lane.queue.onIdle()));
    this.flush();
    try {
      this.queue.release([...this.claimed]);
      this.db.$client.prepare("DELETE FROM run_worker WHERE id = 1 AND owner = ?").run(this.owner);
    } catch (error) {
      // Another writer holds the database: the next worker finds this one's lock and calls stale and takes them back.
      if (!isBusy(error)) throw error;
    }
    this.claimed.clear();
  }

  /** Resolves when no running run has a call left to make (or the worker stops). */
  whenIdle(): Promise<void> {
    return new Promise((resolve) => this.idle.push(resolve));
  }

  /** Writes the heartbeat; with `take`, takes the lock if it is free or stale. */
  private beat(take = false): boolean {
    const now = Date.now();
    const c = this.db.$client;
    const taken = c.transaction(() => {
      const held = c.prepare("SELECT owner, heartbeat_at AS at FROM run_worker WHERE id = 1").get() as { owner: string; at: number } | undefined;
      if (held && held.owner !== this.owner && now - held.at < this.options.staleMs && holderAlive(held.owner)) return false;
      if (!take && held && held.owner !== this.owner) return false;
      c.prepare("INSERT INTO run_worker (id, owner, heartbeat_at) VALUES (1, ?, ?) ON CONFLICT (id) DO UPDATE SET owner = excluded.owner, heartbeat_at = excluded.heartbeat_at").run(this.owner, now);
      return true;
    }).immediate();
    this.lastBeat = now;
    return taken;
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer);
    if (!this.stopped) this.timer = setTimeout(() => this.tick(), ms);
  }

  /** Soon, once, however many calls finish meanwhile. */
  private wake(): void {
    if (this.tickQueued || this.stopped) return;
    this.tickQueued = true;
    setImmediate(() => {
      this.tickQueued = false;
      this.tick();
    });
  }

  private tick(): void {
    if (this.stopped) return;
    try {
      this.step();
    } catch (error) {
      // Another writer held the database past the busy timeout (a long import): try again at the next poll.
      if (!isBusy(error)) throw error;
      this.schedule(this.options.pollMs);
    }
  }

  private step(): void {
    const now = Date.now();
    this.flush();
    // Statuses, endpoint settings and finished runs are read a few times a second, not after every call.
    if (now - this.lastRefresh >= REFRESH_MS) {
      this.lastRefresh = now;
      if (now - this.lastBeat > this.options.staleMs / 3 && !this.beat()) {
        // Another worker took over (we were stalled past the stale limit): stop quietly.
        void this.stop();
        return;
      }
      this.running = this.queue.runningRuns();
      this.refreshLanes();
      this.queue.finishRuns(now);
    }
    const busy = this.queue.work();
    for (const endpointId of busy) {
      const lane = this.lanes.get(endpointId);
      if (!lane || lane.heldUntil > now) continue;
      const room = lane.queue.concurrency * 2 - lane.queue.size - lane.queue.pending;
      if (room >= lane.queue.concurrency) for (const call of this.queue.claim(endpointId, room)) this.enqueue(lane, call);
    }
    if (busy.length === 0 && this.claimed.size === 0 && this.writes.length === 0) {
      this.queue.finishRuns(now);
      for (const resolve of this.idle.splice(0)) resolve();
    }
    this.schedule(this.options.pollMs);
  }

  private refreshLanes(): void {
    const rows = this.db.$client.prepare("SELECT id, name, base_url, api_key_env, max_concurrency, requests_per_minute, timeout_ms, response_format FROM endpoints").all() as EndpointRow[];
    for (const row of rows) {
      const settings = JSON.stringify([row.base_url, row.api_key_env, row.max_concurrency, row.requests_per_minute, row.timeout_ms]);
      const lane = this.lanes.get(row.id);
      if (lane && lane.settings === settings) {
        continue;
      }
      if (lane) {
        lane.queue.concurrency = row.max_concurrency;
        lane.settings = settings;
        lane.endpoint.client = endpointClient({ name: row.name, baseUrl: row.base_url, apiKeyEnv: row.api_key_env, timeoutMs: row.timeout_ms }, this.options.env);
        continue;
      }
      const created: Lane = {
        settings,
        queue: laneQueue(row),
        heldUntil: 0,
        endpoint: {
          client: endpointClient({ name: row.name, baseUrl: row.base_url, apiKeyEnv: row.api_key_env, timeoutMs: row.timeout_ms }, this.options.env),
          format: { mode: row.response_format },
          onFormatLowered: (mode) => this.db.$client.prepare("UPDATE endpoints SET response_format = ? WHERE id = ?").run(mode, row.id),
          hold: (ms) => this.hold(created, ms),
          minBackoffMs: this.options.minBackoffMs,
          maxBackoffMs: this.options.maxBackoffMs,
          signal: this.abort.signal,
        },
      };
      this.lanes.set(row.id, created);
    }
  }

  /** A 429 with Retry-After: nothing more starts on this endpoint until the time is up. */
  private hold(lane: Lane, ms: number): void {
    const until = Date.now() + ms;
    if (until <= lane.heldUntil) return;
    lane.heldUntil = until;
    lane.queue.pause();
    this.resumeWhenHeldEnds(lane, ms);
  }

  /**
   * Starts the lane again once its hold is over. A timer can fire a millisecond before
   * `Date.now()` reaches the hold's end (timers run on the monotonic clock), so an early
   * one waits out the rest instead of leaving the lane paused for good; a hold extended
   * meanwhile is waited out the same way.
   */
  private resumeWhenHeldEnds(lane: Lane, ms: number): void {
    setTimeout(() => {
      const left = lane.heldUntil - Date.now();
      if (left > 0) this.resumeWhenHeldEnds(lane, left);
      else lane.queue.start();
    }, ms).unref();
  }

  private enqueue(lane: Lane, claimed: ClaimedCall): void {
    this.claimed.add(claimed.id);
    void lane.queue.add(async () => {
      if (this.stopped || !this.running.has(claimed.runId)) {
        // Paused or cancelled while it waited: back to the queue untouched.
        this.queue.release([claimed.id]);
        this.claimed.delete(claimed.id);
        return;
      }
      const call = claimed.call;
      const settlement =
        call.kind === "judge"
          ? await runJudgeCall(lane.endpoint, call, claimed.answersSoFar)
          : call.kind === "turn"
            ? await runTurnCall(lane.endpoint, call)
            : await runRespondCall(lane.endpoint, call, (turns, tally) =>
              this.push({ id: claimed.id, progress: { turns, attempts: tally.attempts, tokensIn: tally.tokensIn, tokensOut: tally.tokensOut } }),
            );
      if (this.abort.signal.aborted && settlement.status === "failed") {
        // Stopped mid-call: nothing was learnt, so the call simply goes back to the queue.
        this.queue.release([claimed.id]);
      } else {
        this.push({ id: claimed.id, settlement });
      }
      this.claimed.delete(claimed.id);
      if (lane.queue.size < lane.queue.concurrency) this.wake();
    });
  }

  private push(write: CallWrite): void {
    this.writes.push(write);
    if (this.writes.length >= 500) this.flush();
    else this.flushTimer ??= setTimeout(() => this.flush(), this.options.flushMs);
  }

  /** Stores the results gathered so far; while another writer holds the database (a long import), they wait for the next attempt. */
  private flush(): void {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    if (this.writes.length === 0) return;
    try {
      this.queue.store(this.writes);
    } catch (error) {
      if (!isBusy(error)) throw error;
      this.flushTimer = setTimeout(() => this.flush(), this.options.flushMs);
      return;
    }
    this.writes = [];
  }
}
