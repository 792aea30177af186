import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { freezeSnapshots } from "@/db/schema";
import { parseBundle } from "@/lib/bundle/parse";
import type { Bundle } from "@/lib/bundle/schema";
import { fingerprintOf } from "@/lib/freeze/fingerprint";
import { loadSetInput } from "@/lib/server/sets/setInput";
import type { Ctx } from "@/lib/server/context";
import { NotFound } from "@/lib/server/errors";
import { requireRole } from "@/lib/server/guard";
import { setBundle } from "@/lib/server/sets/setBundle";
import { readFreezes } from "./freezeRecord";
import { FreezeRecordParams } from "./getFreezeRecord";

/** How one kind of verdict changed between the snapshot and today, unit by unit. */
export interface Changes {
  added: number;
  removed: number;
  changed: number;
}

export interface FreezeInputs {
  /** Whether today's inputs have the frozen fingerprint. */
  matches: boolean;
  /** The kept snapshot of the inputs (null for a freeze made before snapshots were kept) and what changed since. */
  snapshot: { sha256: string; labels: Changes; verdicts: Changes } | null;
}

function changes<T extends { response: string; criterion: string; verdict: boolean | null }>(then: T[], now: T[], who: (r: T) => string): Changes {
  const key = (r: T) => `${who(r)}\u0000${r.response}\u0000${r.criterion}`;
  const before = new Map(then.map((r) => [key(r), r.verdict]));
  const result = { added: 0, removed: 0, changed: 0 };
  const seen = new Set<string>();
  for (const r of now) {
    const k = key(r);
    seen.add(k);
    if (!before.has(k)) result.added++;
    else if (before.get(k) !== r.verdict) result.changed++;
  }
  for (const k of before.keys()) if (!seen.has(k)) result.removed++;
  return result;
}

/** Today's inputs of a frozen set against the fingerprint and snapshot the freeze kept. */
export async function getFreezeInputs({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<FreezeInputs> {
  requireRole(ctx, "lead");
  const { id } = FreezeRecordParams.parse(input);
  const db = getDb();
  return db.transaction(
    (tx) => {
      const [found] = readFreezes(tx, { id });
      if (!found) throw new NotFound("There is no such frozen panel.");
      const setId = found.record.calibration_set.id;
      const matches = fingerprintOf(loadSetInput(db, setId)) === found.record.fingerprint.value;
      const kept = tx.select().from(freezeSnapshots).where(eq(freezeSnapshots.freezeId, id)).get();
      if (!kept) return { matches, snapshot: null };
      const then: Bundle = parseBundle(kept.bundle).bundle;
      const now = setBundle(tx, setId);
      return {
        matches,
        snapshot: {
          sha256: kept.sha256,
          labels: changes(then.labels, now.labels, (l) => l.rater),
          verdicts: changes(then.verdicts, now.verdicts, (v) => v.judge),
        },
      };
    },
    { behavior: "deferred" },
  );
}
