import "server-only";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { veraAnswers, veraConversations, veraRatings } from "@/db/schema";
import type { Rubric } from "@/lib/flow/rubric";
import type { Ctx } from "@/lib/server/context";
import { NotFound } from "@/lib/server/errors";
import { requireRole } from "@/lib/server/guard";
import { assignedStudy, conversationAt, loadRubric } from "./access";
import { queueOf } from "./queue";
import { RatingViewInput } from "./schema";

/**
 * Everything the rating screen shows, and nothing else: built field by field so no
 * provider or user model, persona, conversation id, file name or other rater's rating
 * reaches a clinician's browser. The conversation is known only by its place in this
 * clinician's queue.
 */
export interface RatingView {
  study: { id: number; name: string; mode: "direct" | "guided" };
  number: number;
  total: number;
  noticeAcknowledged: boolean;
  turns: { speaker: "user" | "chatbot"; text: string }[];
  /** Whether the transcript ends with a termination marker. */
  ended: boolean;
  /** The rubric's dimensions with this clinician's own rating (category code), if given. */
  dimensions: { name: string; rating: number | null }[];
  /** Guided mode: the rubric (questions, examples, options; notes left out) and this clinician's answers. */
  rubric: Rubric | null;
  answers: Record<string, string>;
  progress: { done: number; total: number };
}

export async function getRatingView({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<RatingView> {
  const me = requireRole(ctx, "clinician");
  const { studyId, number } = RatingViewInput.parse(input);
  const db = getDb();
  return db.transaction(
    (tx) => {
      const { study, noticeRead } = assignedStudy(tx, studyId, me.id);
      const conversationId = conversationAt(tx, studyId, me.id, number);
      const conversation = tx.select({ turns: veraConversations.turns, endMarker: veraConversations.endMarker }).from(veraConversations).where(eq(veraConversations.id, conversationId)).get();
      if (!conversation) throw new NotFound("There is no conversation at that place in your queue.");
      const { rubric } = loadRubric(tx, study.rubricId);
      const mine = new Map(
        tx.select({ dimension: veraRatings.dimension, category: veraRatings.category })
          .from(veraRatings)
          .where(and(eq(veraRatings.studyId, studyId), eq(veraRatings.rater, me.id), eq(veraRatings.conversationId, conversationId)))
          .all()
          .map((r) => [r.dimension, r.category]),
      );
      const answers =
        study.mode === "guided"
          ? Object.fromEntries(
              tx.select({ questionId: veraAnswers.questionId, answer: veraAnswers.answer })
                .from(veraAnswers)
                .where(and(eq(veraAnswers.studyId, studyId), eq(veraAnswers.userId, me.id), eq(veraAnswers.conversationId, conversationId)))
                .all()
                .map((a) => [a.questionId, a.answer]),
            )
          : {};
      const d = rubric.dimensions.length;
      const queue = queueOf(tx, studyId, me.id);
      return {
        study: { id: study.id, name: study.name, mode: study.mode },
        number,
        total: queue.length,
        noticeAcknowledged: noticeRead,
        turns: conversation.turns.map((t) => ({ speaker: t.speaker, text: t.text })),
        ended: conversation.endMarker !== null,
        dimensions: rubric.dimensions.map((name, i) => ({ name, rating: mine.get(i) ?? null })),
        rubric:
          study.mode === "guided"
            ? {
                dimensions: rubric.dimensions,
                questions: rubric.questions.map((q) => ({ id: q.id, line: q.line, dimension: q.dimension, severity: q.severity, riskType: q.riskType, question: q.question, examples: q.examples, options: q.options, auto: q.auto, notes: [] })),
              }
            : null,
        answers,
        progress: { done: queue.filter((q) => q.rated >= d).length, total: queue.length },
      };
    },
    { behavior: "deferred" },
  );
}
