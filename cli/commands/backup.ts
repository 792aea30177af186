import { existsSync } from "node:fs";
import { getDb } from "@/db/client";
import { oneFile } from "./args";
import type { Command } from "./index";

/**
 * `concord backup FILE`: a consistent copy of the live database through SQLite's
 * online backup (better-sqlite3's `backup`), safe while the server is running and
 * writing; README "Backup and restore" says how to restore it.
 */
export const backupCommand: Command = {
  async run(args) {
    const file = oneFile(args, "concord backup FILE");
    if (file === null) return 2;
    if (existsSync(file)) {
      process.stderr.write(`${file} already exists: a backup never overwrites a file; name a new one.\n`);
      return 1;
    }
    const { totalPages } = await getDb().$client.backup(file);
    process.stdout.write(`Backed up ${getDb().$client.name} to ${file} (${totalPages} pages).\n`);
    return 0;
  },
};
