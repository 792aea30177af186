import "server-only";
import { getDb } from "@/db/client";
import { audit } from "@/lib/server/audit";
import type { Ctx } from "@/lib/server/context";
import { requireRole } from "@/lib/server/guard";
import { assignedSet, NOTICE_ACTION, noticeAcknowledged } from "./assignment";
import { QueueInput } from "./schema";

/** Records that the clinician read the content notice before their first response of the set. */
export async function acknowledgeContentNotice({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<void> {
  const me = requireRole(ctx, "clinician");
  const { setId } = QueueInput.parse(input);
  getDb().transaction(
    (tx) => {
      assignedSet(tx, setId, me.id);
      if (noticeAcknowledged(tx, setId, me.id)) return;
      audit(tx, { actor: me.id, action: NOTICE_ACTION, entity: "calibration_set", entityId: setId });
    },
    { behavior: "immediate" },
  );
}
