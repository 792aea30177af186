import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { getDb } from "@/db/client";
import { veraStudyClinicians } from "@/db/schema";
import { audit } from "@/lib/server/audit";
import type { Ctx } from "@/lib/server/context";
import { requireRole } from "@/lib/server/guard";
import { assignedStudy } from "./access";
import { StudyInput } from "./schema";

/** Records that the clinician read the content notice before their first conversation of the study. */
export async function acknowledgeStudyNotice({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<void> {
  const me = requireRole(ctx, "clinician");
  const { studyId } = StudyInput.parse(input);
  getDb().transaction(
    (tx) => {
      if (assignedStudy(tx, studyId, me.id).noticeRead) return;
      const now = new Date();
      tx.update(veraStudyClinicians)
        .set({ noticeAt: now })
        .where(and(eq(veraStudyClinicians.studyId, studyId), eq(veraStudyClinicians.userId, me.id), isNull(veraStudyClinicians.noticeAt)))
        .run();
      audit(tx, { actor: me.id, action: "vera.content_notice", entity: "vera_study", entityId: studyId }, now);
    },
    { behavior: "immediate" },
  );
}
