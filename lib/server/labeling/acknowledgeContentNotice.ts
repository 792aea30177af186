import "server-only";
import { getDb } from "@/db/client";
import { contentNotices } from "@/db/schema";
import { audit } from "@/lib/server/audit";
import type { Ctx } from "@/lib/server/context";
import { requireRole } from "@/lib/server/guard";
import { assignedSet, NOTICE_ACTION, noticeAcknowledged } from "./assignment";
import { QueueInput } from "./schema";

/** Records that the clinician read the content notice before their first response of the set (the audit row is only its record). */
export async function acknowledgeContentNotice({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<void> {
  const me = requireRole(ctx, "clinician");
  const { setId } = QueueInput.parse(input);
  getDb().transaction(
    (tx) => {
      assignedSet(tx, setId, me.id);
      if (noticeAcknowledged(tx, setId, me.id)) return;
      const now = new Date();
      tx.insert(contentNotices).values({ setId, userId: me.id, acknowledgedAt: now }).run();
      audit(tx, { actor: me.id, action: NOTICE_ACTION, entity: "calibration_set", entityId: setId }, now);
    },
    { behavior: "immediate" },
  );
}
