import "server-only";
import { getDb } from "@/db/client";
import { veraRatings } from "@/db/schema";
import { audit } from "@/lib/server/audit";
import type { Ctx } from "@/lib/server/context";
import { Conflict, Invalid } from "@/lib/server/errors";
import { requireRole } from "@/lib/server/guard";
import { assignedStudy, conversationAt, loadRubric } from "./access";
import { SaveRatingInput } from "./schema";

/**
 * Saves a clinician's rating of one dimension of a conversation in a direct study: an
 * idempotent upsert keyed by (study, clinician, conversation, dimension), audited.
 */
export async function saveRating({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<{ dimension: number; category: number }> {
  const me = requireRole(ctx, "clinician");
  const rating = SaveRatingInput.parse(input);
  return getDb().transaction(
    (tx) => {
      const { study } = assignedStudy(tx, rating.studyId, me.id);
      if (study.mode !== "direct") throw new Conflict("In a guided study the ratings follow from your answers to the rubric's questions.");
      const conversationId = conversationAt(tx, rating.studyId, me.id, rating.number);
      const { rubric } = loadRubric(tx, study.rubricId);
      if (rating.dimension >= rubric.dimensions.length) throw new Invalid("There is no such dimension.", [`dimension: ${rating.dimension} is not below ${rubric.dimensions.length}`]);
      const now = new Date();
      tx.insert(veraRatings)
        .values({ studyId: study.id, rater: me.id, conversationId, dimension: rating.dimension, category: rating.category, source: "app", updatedAt: now })
        .onConflictDoUpdate({ target: [veraRatings.studyId, veraRatings.rater, veraRatings.conversationId, veraRatings.dimension], set: { category: rating.category, updatedAt: now } })
        .run();
      audit(tx, { actor: me.id, action: "vera.rating.save", entity: "vera_study", entityId: study.id, detail: { number: rating.number, dimension: rating.dimension, category: rating.category } }, now);
      return { dimension: rating.dimension, category: rating.category };
    },
    { behavior: "immediate" },
  );
}
