import { existsSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { getDb } from "@/db/client";
import { drainSaves } from "@/lib/server/labeling/drainSaves";
import { oneFile } from "./args";
import type { Command } from "./index";

/** How long a backup waits for the write lock to write the waiting saves first. */
const DRAIN_WAIT_MS = 120_000;

/**
 * `concord backup FILE`: a consistent copy of the live database through SQLite's
 * online backup (better-sqlite3's `backup`), safe while the server is running and
 * writing; README "Backup and restore" says how to restore it. Clinicians' saves still
 * waiting in the journal beside the database (accepted during an import) are written
 * into it first, so the copy holds every save answered before the backup began.
 */
export const backupCommand: Command = {
  async run(args) {
    const file = oneFile(args, "concord backup FILE");
    if (file === null) return 2;
    if (existsSync(file)) {
      process.stderr.write(`${file} already exists: a backup never overwrites a file; name a new one.\n`);
      return 1;
    }
    const client = getDb().$client;
    for (const deadline = Date.now() + DRAIN_WAIT_MS; !drainSaves(client); await sleep(20)) {
      if (Date.now() > deadline) {
        process.stderr.write(`The database stayed locked for ${DRAIN_WAIT_MS / 1000} s (an import?), so the saves waiting in ${client.name}-saves could not be written first; try again once it is done.\n`);
        return 1;
      }
    }
    const { totalPages } = await client.backup(file);
    process.stdout.write(`Backed up ${client.name} to ${file} (${totalPages} pages).\n`);
    return 0;
  },
};
