import { openDb, setDb } from "@/db/client";
import type { Ctx } from "@/lib/server/context";
import { Invalid, ServiceError } from "@/lib/server/errors";
import { importSetVerdicts, type ImportSetVerdictsInput } from "@/lib/server/verdicts/importSetVerdicts";
import { importBundle } from "./importBundle";
import type { BundleSource } from "./readBundle";
import type { ImportResult } from "./writeBundle";

/** What the import worker (a process: importInWorker.ts) is asked to do: one import, on the server's database file. */
export type ImportJob = { kind: "bundle"; ctx: Ctx; input: BundleSource } | { kind: "setVerdicts"; ctx: Ctx; input: ImportSetVerdictsInput };
export type ImportAnswer =
  | { ok: true; result: ImportResult }
  | { ok: false; status: number; message: string; issues: string[]; more: number }
  | { ok: false; status: 500; crash: string };

async function run(dbPath: string, job: ImportJob): Promise<ImportAnswer> {
  const db = openDb(dbPath);
  // A larger page cache keeps the indexes of a large import in memory while it writes, so the write lock is held briefly.
  db.$client.pragma("cache_size = -32768");
  setDb(db);
  try {
    const result = job.kind === "bundle" ? await importBundle(job) : await importSetVerdicts(job);
    return { ok: true, result };
  } catch (error) {
    if (error instanceof Invalid) return { ok: false, status: 400, message: error.message, issues: error.issues, more: error.more };
    if (error instanceof ServiceError) return { ok: false, status: error.status, message: error.message, issues: [], more: 0 };
    return { ok: false, status: 500, crash: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  } finally {
    setDb(undefined);
  }
}

// One job from the server, one answer, then the process ends; it ends too if the server goes.
process.once("message", ({ dbPath, job }: { dbPath: string; job: ImportJob }) => {
  void run(dbPath, job).then((answer) => process.send?.(answer, () => process.exit(0)));
});
process.once("disconnect", () => process.exit(1));
