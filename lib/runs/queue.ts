import type { JudgeCall, RespondCall, Settlement, TurnCall } from "./execute";

/** A call the worker took from the queue, with everything needed to make it. */
export interface ClaimedCall {
  id: number;
  runId: number;
  endpointId: number;
  call: JudgeCall | RespondCall | TurnCall;
  /** Answers already given and found unusable (a judge call resumed after a batch import). */
  answersSoFar: number;
}

/** A settled call, or a response call's progress (its turns so far), to store. */
export type CallWrite =
  | { id: number; settlement: Settlement }
  | { id: number; progress: { turns: string[]; attempts: number; tokensIn: number; tokensOut: number } }
  /** An answer that could not be used, or a failed attempt, from a batch file: the call waits for the next round. */
  | { id: number; retry: { raw: string | null; lastError: string; answers: number; attempts: number; tokensIn: number; tokensOut: number } };

/**
 * The durable run queue: one row per call, its state and result stored with the
 * result's effect (the verdict, the response) in one transaction. SQLite implements
 * it today (lib/server/runs/sqliteQueue.ts); a PostgreSQL queue (pg-boss,
 * graphile-worker) can take its place behind the same five verbs.
 */
export interface RunQueue {
  /** Puts calls left `running` by a worker that died back to `pending`; their result was never stored. */
  recover(): number;
  /** The endpoints with pending calls of running runs. */
  work(): number[];
  /** Takes up to `limit` pending calls of running runs for one endpoint, oldest run first, marking them `running`. */
  claim(endpointId: number, limit: number): ClaimedCall[];
  /** Stores results and progress; a fatal settlement pauses its run with the reason. */
  store(writes: CallWrite[]): void;
  /** Puts claimed calls back to `pending` (their run was paused, or the worker stops). */
  release(ids: number[]): void;
  /** Marks running runs with no call left to make as done; returns their ids. */
  finishRuns(now: number): number[];
  /** The ids of the runs that are running now. */
  runningRuns(): Set<number>;
}
