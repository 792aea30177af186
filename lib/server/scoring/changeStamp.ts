import "server-only";
import type { Db } from "@/db/client";
import { RESPONSES_OF_ANY_MODEL } from "./loadGradingInput";

/**
 * The sum of the change counters `keys` name (db/schema.ts changeCounters, kept by the
 * triggers of drizzle/0008_leaderboard.sql; RESPONSES_OF_ANY_MODEL stands for every
 * model's). Counters only grow, so the sum changes whenever a write touched one of them,
 * by any connection; a write elsewhere (a label, another judge's verdicts, verdicts on
 * other rubric versions) leaves it alone. A few thousand primary-key lookups.
 */
export function changeStamp(db: Db, keys: readonly string[]): number {
  const anyModel = keys.includes(RESPONSES_OF_ANY_MODEL);
  const row = db.$client
    .prepare(`SELECT coalesce(sum(n), 0) AS n FROM change_counters WHERE key IN (SELECT value FROM json_each(?)) OR (? AND key >= 'r:' AND key < 'r;')`)
    .get(JSON.stringify(keys), anyModel ? 1 : 0) as { n: number };
  return row.n;
}
