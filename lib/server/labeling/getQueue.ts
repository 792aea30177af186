import "server-only";
import { getDb } from "@/db/client";
import type { Ctx } from "@/lib/server/context";
import { requireRole } from "@/lib/server/guard";
import { assignedSet, lastLabeled, noticeAcknowledged } from "./assignment";
import { progressOf, queueEntries, type Progress } from "@/lib/server/sets/progress";
import { QueueInput } from "./schema";

/** A clinician's own queue for one set. Blinded: places in their order and counts, nothing else. */
export interface QueueView {
  set: { id: number; name: string; status: "open" | "closed" };
  noticeAcknowledged: boolean;
  entries: { number: number; needed: number; given: number; skipped: boolean }[];
  progress: Progress;
  /** Where to pick up: the response last worked on while unfinished, else the first unfinished one, else the first (skipped ones are not unfinished). */
  resumeAt: number;
}

export async function getQueue({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<QueueView> {
  const me = requireRole(ctx, "clinician");
  const { setId } = QueueInput.parse(input);
  const db = getDb();
  return db.transaction(
    (tx) => {
      const set = assignedSet(tx, setId, me.id);
      const entries = queueEntries(tx, setId, me.id).map((e) => ({ number: e.position + 1, needed: e.needed, given: e.given, skipped: e.skipped }));
      const last = lastLabeled(tx, setId, me.id);
      const unfinished = (e: (typeof entries)[number]) => e.given < e.needed && !e.skipped;
      const resumeAt = entries.find((e) => e.number === last && unfinished(e))?.number ?? entries.find(unfinished)?.number ?? 1;
      return {
        set: { id: set.id, name: set.name, status: set.status },
        noticeAcknowledged: noticeAcknowledged(tx, setId, me.id),
        entries,
        progress: progressOf(entries),
        resumeAt,
      };
    },
    { behavior: "deferred" },
  );
}
