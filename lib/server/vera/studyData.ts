import "server-only";
import { asc, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { veraConversations, veraJudgeResults, veraRatings } from "@/db/schema";
import { studyFigures, type StudyFigures, type StudyJudgeRating, type StudyRating } from "@/lib/flow/studyFigures";
import { loadRubric, readStudy, type StudyRow } from "./access";

export interface StudyData {
  study: StudyRow;
  rubric: ReturnType<typeof loadRubric>;
  ratings: (typeof veraRatings.$inferSelect)[];
  conversations: Map<string, typeof veraConversations.$inferSelect>;
  figures: StudyFigures;
}

export const judgeName = (r: { judgeModel: string; judgeInstance: string }) => `${r.judgeModel} #${r.judgeInstance}`;

/**
 * A study's ratings (in the order they were stored) and figures: an app rating takes its
 * conversation's provider model and risk level, an imported one its own row's; judges
 * are the imported results on the study's rated conversations, matched to the rubric's
 * dimensions by name.
 */
export function loadStudyData(db: Db | Tx, studyId: number): StudyData {
  const study = readStudy(db, studyId);
  const rubric = loadRubric(db, study.rubricId);
  const ratings = db.select().from(veraRatings).where(eq(veraRatings.studyId, studyId)).orderBy(asc(veraRatings.id)).all();
  const ids = [...new Set(ratings.map((r) => r.conversationId))];
  const conversations = new Map(db.select().from(veraConversations).where(inArray(veraConversations.id, ids)).all().map((c) => [c.id, c]));
  const rated: StudyRating[] = ratings.map((r) => {
    const conversation = r.source === "app" ? conversations.get(r.conversationId) : undefined;
    return {
      conversation: r.conversationId,
      rater: r.rater,
      dimension: r.dimension,
      category: r.category,
      model: conversation ? conversation.providerModel : r.providerModel,
      riskLevel: conversation ? conversation.riskLevel : r.riskLevel,
    };
  });
  const dimensionIndex = new Map(rubric.rubric.dimensions.map((name, d) => [name.toLowerCase(), d]));
  const judges: StudyJudgeRating[] = db
    .select()
    .from(veraJudgeResults)
    .where(inArray(veraJudgeResults.conversationId, ids))
    .all()
    .map((r) => ({ judge: judgeName(r), conversation: r.conversationId, dimension: dimensionIndex.get(r.dimension.toLowerCase()) ?? -1, category: r.category }));
  return { study, rubric, ratings, conversations, figures: studyFigures(rubric.rubric.dimensions, rated, judges) };
}
