import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { getDb } from "@/db/client";
import { userRoles, veraAssignments, veraConversations, veraStudies, veraStudyClinicians } from "@/db/schema";
import { assignConversations } from "@/lib/flow/assign";
import { audit } from "@/lib/server/audit";
import type { Ctx } from "@/lib/server/context";
import { Invalid } from "@/lib/server/errors";
import { requireRole } from "@/lib/server/guard";
import { loadRubric } from "./access";
import { CreateStudyInput } from "./schema";

/**
 * Creates a study: a flow rubric version, conversations, a mode (direct or guided) and
 * a pool of clinicians; each conversation goes to `perConversation` of them (default
 * 3), balanced and seeded (lib/flow/assign). Lead only.
 */
export async function createStudy({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<{ id: number }> {
  const me = requireRole(ctx, "lead");
  const plan = CreateStudyInput.parse(input);
  const conversationIds = [...new Set(plan.conversationIds)];
  const clinicianIds = [...new Set(plan.clinicianIds)];
  return getDb().transaction(
    (tx) => {
      loadRubric(tx, plan.rubricId);
      const issues: string[] = [];
      const known = new Set(tx.select({ id: veraConversations.id }).from(veraConversations).where(inArray(veraConversations.id, conversationIds)).all().map((c) => c.id));
      for (const id of conversationIds) if (!known.has(id)) issues.push(`conversationIds: no conversation "${id}"`);
      const clinicians = new Set(
        tx.select({ id: userRoles.userId }).from(userRoles).where(and(eq(userRoles.role, "clinician"), inArray(userRoles.userId, clinicianIds))).all().map((r) => r.id),
      );
      for (const id of clinicianIds) if (!clinicians.has(id)) issues.push(`clinicianIds: "${id}" is not a clinician`);
      if (clinicianIds.length < plan.perConversation) issues.push(`perConversation: ${plan.perConversation} clinicians per conversation need at least as many in the pool (${clinicianIds.length})`);
      if (issues.length > 0) throw new Invalid("The study cannot be created.", issues);
      const now = new Date();
      const { id } = tx
        .insert(veraStudies)
        .values({ name: plan.name, rubricId: plan.rubricId, mode: plan.mode, seed: plan.seed, perConversation: plan.perConversation, createdBy: me.id, createdAt: now })
        .returning({ id: veraStudies.id })
        .get();
      tx.insert(veraStudyClinicians).values(clinicianIds.map((userId) => ({ studyId: id, userId }))).run();
      const assignments = assignConversations(conversationIds, clinicianIds, plan.perConversation, plan.seed);
      const rows = [...assignments].flatMap(([userId, list]) => list.map((conversationId, position) => ({ studyId: id, userId, conversationId, position })));
      if (rows.length > 0) tx.insert(veraAssignments).values(rows).run();
      audit(tx, { actor: me.id, action: "vera.study.create", entity: "vera_study", entityId: id, detail: { ...plan, conversationIds, clinicianIds } }, now);
      return { id };
    },
    { behavior: "immediate" },
  );
}
