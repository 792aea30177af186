import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { env } from "@/lib/env";
import { checkpointInBackground } from "./checkpoint";
import * as schema from "./schema";

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };
/** A transaction handle, as passed to `db.transaction((tx) => …)`. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Migrations live at the repo root; Next bundles server code, so resolve from the working directory. */
const MIGRATIONS = join(process.cwd(), "drizzle");

/** Opens (creating if needed) the SQLite file at `path` and brings it up to the latest migration. */
export function openDb(path: string): Db {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const client = new Database(path);
  client.pragma("journal_mode = WAL");
  // In WAL mode NORMAL syncs the log at each checkpoint rather than at each commit: a
  // committed transaction survives the process being killed (kill -9, a crash), since
  // the log is in the operating system's hands the moment it commits; only a power
  // loss or an OS crash can take back the last commits, never corrupt the database.
  client.pragma("synchronous = NORMAL");
  // A log that grew during a large import is cut back to this once it has been copied into the database.
  client.pragma("journal_size_limit = 67108864");
  client.pragma("foreign_keys = ON");
  // So that the row REPLACE deletes on a conflict fires the DELETE triggers that keep
  // decisions immutable (the migrations also refuse the conflicting insert itself).
  client.pragma("recursive_triggers = ON");
  client.pragma("busy_timeout = 5000");
  const db = drizzle({ client, schema });
  migrate(db, { migrationsFolder: MIGRATIONS });
  return db;
}

const BUSY_WAIT_MS = 30_000;

/** What transactionIfFree answers while another connection holds the write lock. */
export const BUSY = Symbol("busy");

/**
 * `client.transaction(run).immediate()` if the write lock is free this instant, else
 * `BUSY` at once: the lock is tried without SQLite's busy wait, which sleeps the whole
 * thread.
 */
export function transactionIfFree<T>(client: Database.Database, run: () => T): T | typeof BUSY {
  const timeout = busyTimeoutOf(client);
  timeout.set(0);
  try {
    return client.transaction(run).immediate();
  } catch (error) {
    if ((error as { code?: string }).code === "SQLITE_BUSY") return BUSY;
    throw error;
  } finally {
    timeout.restore();
  }
}

/**
 * transactionIfFree without ever blocking the event loop on a write lock someone else
 * holds (an import's worker process, the CLI): while another connection holds it the
 * attempt is repeated every few milliseconds, letting the server answer everything
 * else meanwhile. Gives up with SQLite's own "database is locked" after 30 s.
 */
export async function transactionWhenFree<T>(client: Database.Database, run: () => T): Promise<T> {
  const deadline = Date.now() + BUSY_WAIT_MS;
  for (let wait = 2; ; wait = Math.min(wait * 2, 20)) {
    const result = transactionIfFree(client, run);
    if (result !== BUSY) return result;
    if (Date.now() > deadline) throw Object.assign(new Error("database is locked"), { code: "SQLITE_BUSY" });
    await new Promise((retry) => setTimeout(retry, wait));
  }
}

/**
 * `prepare` run once per connection and kept with it: for hot paths whose statements
 * would otherwise be compiled on every call (a pragma or query string is compiled anew
 * each time it is run).
 */
export function perConnection<T>(prepare: (client: Database.Database) => T): (client: Database.Database) => T {
  const kept = new WeakMap<Database.Database, T>();
  return (client) => {
    let value = kept.get(client);
    if (value === undefined) kept.set(client, (value = prepare(client)));
    return value;
  };
}

/** The connection's busy timeout, set and restored through statements prepared once. */
const busyTimeoutOf = perConnection((client) => {
  const read = client.prepare("PRAGMA busy_timeout").pluck();
  const setters = new Map<number, Database.Statement>();
  const set = (ms: number) => {
    let statement = setters.get(ms);
    if (!statement) setters.set(ms, (statement = client.prepare(`PRAGMA busy_timeout = ${Math.trunc(ms)}`)));
    statement.get();
  };
  let saved = read.get() as number;
  return {
    set: (ms: number) => {
      saved = read.get() as number;
      set(ms);
    },
    restore: () => set(saved),
  };
});

let current: Db | undefined;

/**
 * The process-wide database, opened lazily: `next build` imports server modules without
 * wanting a database. Its log is checkpointed on a thread of its own, not by a commit.
 */
export function getDb(): Db {
  if (!current) {
    const path = env().CONCORD_DB_PATH;
    current = openDb(path);
    if (path !== ":memory:") {
      const client = current.$client;
      client.pragma("wal_autocheckpoint = 0");
      // Should the thread ever stop, commits checkpoint again as SQLite does by default.
      checkpointInBackground(path).on("error", () => client.open && client.pragma("wal_autocheckpoint = 1000"));
    }
  }
  return current;
}

/** Points every service at another database (tests, the CLI's `--db`), closing the previous one. */
export function setDb(db: Db | undefined): void {
  if (current && current !== db) current.$client.close();
  current = db;
}
