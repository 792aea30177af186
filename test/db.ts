import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDb, setDb, type Db } from "@/db/client";

/**
 * A fresh, migrated database file in its own temp directory, installed as the one
 * every service uses. Call it in `beforeEach` (or `beforeAll`) of a service test.
 */
export function freshDb(): Db {
  const db = openDb(join(mkdtempSync(join(tmpdir(), "concord-test-")), "concord.db"));
  setDb(db);
  return db;
}
