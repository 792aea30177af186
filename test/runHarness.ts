import { spawn, type ChildProcess } from "node:child_process";
import { afterEach, beforeEach, expect } from "vitest";
import type { Db } from "@/db/client";
import { seedCorpusIfEmpty } from "@/lib/server/demo/seedCorpus";
import { RunWorker } from "@/lib/server/runs/worker";
import { freshDb } from "./db";
import type { ChatStub } from "./llm-stub";
import { smallCorpus } from "./smallCorpus";

/** What a run test holds: its database, the stub, an in-process worker and a `concord run work` process. */
export interface RunHarness {
  db: Db;
  stub?: ChatStub;
  worker?: RunWorker;
  child?: ChildProcess;
}

/** A fresh database with the small corpus before each test; after it, the worker process, the worker and the stub are stopped. */
export function runHarness(): RunHarness {
  const harness = {} as RunHarness;
  beforeEach(async () => {
    harness.db = freshDb();
    await seedCorpusIfEmpty(smallCorpus());
  });
  afterEach(async () => {
    harness.child?.kill("SIGKILL");
    harness.child = undefined;
    await harness.worker?.stop();
    harness.worker = undefined;
    await harness.stub?.close();
    harness.stub = undefined;
  });
  return harness;
}

/** Works the queue in this process until no running run has a call left. */
export async function runToEnd(harness: RunHarness): Promise<void> {
  harness.worker = new RunWorker(harness.db, { pollMs: 20, flushMs: 5, minBackoffMs: 5, maxBackoffMs: 20 });
  expect(harness.worker.start()).toBe(true);
  await harness.worker.whenIdle();
}

/** `concord run work` in its own process, as a user starts it, on the harness's database. */
export function spawnWorker(harness: RunHarness): ChildProcess {
  const proc = spawn(process.execPath, ["--conditions=react-server", "cli/launch.mjs", "run", "work"], { env: { ...process.env, CONCORD_DB_PATH: harness.db.$client.name }, stdio: ["ignore", "pipe", "pipe"] });
  proc.stderr!.on("data", (d: Buffer) => process.stderr.write(d));
  harness.child = proc;
  return proc;
}

export const exited = (proc: ChildProcess) => new Promise<number | null>((resolve) => proc.once("exit", (code) => resolve(code)));
