import "server-only";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { veraAnswers, veraRatings } from "@/db/schema";
import { categoryCode } from "@/lib/flow/categories";
import { walkAnswers } from "@/lib/flow/walkAnswers";
import { audit } from "@/lib/server/audit";
import type { Ctx } from "@/lib/server/context";
import { Conflict, Invalid } from "@/lib/server/errors";
import { requireRole } from "@/lib/server/guard";
import { assignedStudy, conversationAt, loadRubric } from "./access";
import { SaveAnswerInput } from "./schema";

export interface SavedAnswer {
  /** The conversation's ratings by dimension index once the walk reaches its end, else null. */
  ratings: number[] | null;
}

/**
 * Saves a clinician's answer to one question of a guided study (an idempotent upsert
 * keyed by study, clinician, conversation and question), then walks all their answers
 * with lib/flow's walker: when the walk reaches the end, the conversation's ratings
 * (and each dimension's first failure) are stored; until then it has none.
 */
export async function saveAnswer({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<SavedAnswer> {
  const me = requireRole(ctx, "clinician");
  const given = SaveAnswerInput.parse(input);
  return getDb().transaction(
    (tx) => {
      const { study } = assignedStudy(tx, given.studyId, me.id);
      if (study.mode !== "guided") throw new Conflict("In a direct study each dimension is rated directly.");
      const conversationId = conversationAt(tx, given.studyId, me.id, given.number);
      const { rubric, graph } = loadRubric(tx, study.rubricId);
      const question = rubric.questions.find((q) => q.id === given.questionId);
      if (!question) throw new Invalid("There is no such question.", [`questionId: "${given.questionId}" is not a question of this rubric`]);
      const option = question.options.find((o) => o.answer.toLowerCase() === given.answer.toLowerCase());
      if (!option) throw new Invalid("That is not one of the question's answers.", [`answer: "${given.answer}" (${question.options.map((o) => o.answer).join(", ")})`]);
      const now = new Date();
      const mine = and(eq(veraAnswers.studyId, study.id), eq(veraAnswers.userId, me.id), eq(veraAnswers.conversationId, conversationId));
      tx.insert(veraAnswers)
        .values({ studyId: study.id, userId: me.id, conversationId, questionId: question.id, answer: option.answer, updatedAt: now })
        .onConflictDoUpdate({ target: [veraAnswers.studyId, veraAnswers.userId, veraAnswers.conversationId, veraAnswers.questionId], set: { answer: option.answer, updatedAt: now } })
        .run();
      const answers = Object.fromEntries(tx.select().from(veraAnswers).where(mine).all().map((a) => [a.questionId, a.answer]));
      const walk = walkAnswers(graph, answers);
      tx.delete(veraRatings).where(and(eq(veraRatings.studyId, study.id), eq(veraRatings.rater, me.id), eq(veraRatings.conversationId, conversationId))).run();
      let ratings: number[] | null = null;
      if (!("error" in walk)) {
        ratings = rubric.dimensions.map((name) => categoryCode(walk.ratings[name]));
        tx.insert(veraRatings)
          .values(ratings.map((category, dimension) => ({ studyId: study.id, rater: me.id, conversationId, dimension, category, firstFailure: walk.first_failure[rubric.dimensions[dimension]] ?? null, source: "app" as const, updatedAt: now })))
          .run();
      }
      audit(tx, { actor: me.id, action: "vera.answer.save", entity: "vera_study", entityId: study.id, detail: { number: given.number, question: question.id, answer: option.answer, rated: ratings !== null } }, now);
      return { ratings };
    },
    { behavior: "immediate" },
  );
}
