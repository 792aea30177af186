import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { env } from "@/lib/env";
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

/**
 * `client.transaction(run).immediate()` without ever blocking the event loop on a write
 * lock someone else holds (an import's worker thread, the CLI): the lock is tried
 * without SQLite's busy wait, which sleeps the whole thread, and while another
 * connection holds it the attempt is repeated every few milliseconds, letting the
 * server answer everything else meanwhile. Gives up with SQLite's own "database is
 * locked" after 30 s. For the hot write paths (a clinician's save).
 */
export async function transactionWhenFree<T>(client: Database.Database, run: () => T): Promise<T> {
  const deadline = Date.now() + BUSY_WAIT_MS;
  for (let wait = 2; ; wait = Math.min(wait * 2, 20)) {
    const timeout = client.pragma("busy_timeout", { simple: true }) as number;
    client.pragma("busy_timeout = 0");
    try {
      return client.transaction(run).immediate();
    } catch (error) {
      if ((error as { code?: string }).code !== "SQLITE_BUSY" || Date.now() > deadline) throw error;
    } finally {
      client.pragma(`busy_timeout = ${timeout}`);
    }
    await new Promise((retry) => setTimeout(retry, wait));
  }
}

let current: Db | undefined;

/** The process-wide database, opened lazily: `next build` imports server modules without wanting a database. */
export function getDb(): Db {
  current ??= openDb(env().CONCORD_DB_PATH);
  return current;
}

/** Points every service at another database (tests, the CLI's `--db`), closing the previous one. */
export function setDb(db: Db | undefined): void {
  if (current && current !== db) current.$client.close();
  current = db;
}
