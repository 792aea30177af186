import "server-only";
import { eq, inArray } from "drizzle-orm";
import { getDb } from "@/db/client";
import { users, veraAssignments, veraConversations, veraStudyClinicians } from "@/db/schema";
import type { StudyFigures } from "@/lib/flow/studyFigures";
import type { Ctx } from "@/lib/server/context";
import { requireRole } from "@/lib/server/guard";
import { StudyInput } from "./schema";
import { loadStudyData } from "./studyData";

export interface StudyOverview {
  study: { id: number; name: string; mode: "direct" | "guided"; seed: number; perConversation: number };
  rubric: { id: number; name: string; version: number };
  dimensions: string[];
  conversations: { id: string; fileName: string; providerModel: string | null; riskLevel: string | null }[];
  /** Each clinician's conversations, and how many have every dimension rated. */
  clinicians: { id: string; name: string; assigned: number; done: number }[];
  /** Display names of the raters that are Concord users (imported raters go by their id). */
  raterNames: Record<string, string>;
  figures: StudyFigures;
}

/** The study page: progress, agreement, consensus and splits, judges, matrices and scores. Lead only. */
export async function getStudyOverview({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<StudyOverview> {
  requireRole(ctx, "lead");
  const { studyId } = StudyInput.parse(input);
  const db = getDb();
  return db.transaction(
    (tx) => {
      const data = loadStudyData(tx, studyId);
      const { study, rubric, ratings } = data;
      const d = rubric.rubric.dimensions.length;
      const assignments = tx.select().from(veraAssignments).where(eq(veraAssignments.studyId, studyId)).all();
      const rated = new Map<string, number>();
      for (const r of ratings) rated.set(`${r.rater}|${r.conversationId}`, (rated.get(`${r.rater}|${r.conversationId}`) ?? 0) + 1);
      const members = tx
        .select({ id: users.id, name: users.name })
        .from(veraStudyClinicians)
        .innerJoin(users, eq(users.id, veraStudyClinicians.userId))
        .where(eq(veraStudyClinicians.studyId, studyId))
        .all();
      const raterIds = [...new Set(ratings.map((r) => r.rater))];
      const raterNames = Object.fromEntries(
        raterIds.length === 0 ? [] : tx.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, raterIds)).all().map((u) => [u.id, u.name]),
      );
      const conversationIds = [...new Set(assignments.map((a) => a.conversationId))];
      const assignedConversations = conversationIds.length === 0 ? [] : loadConversations(tx, conversationIds);
      return {
        study: { id: study.id, name: study.name, mode: study.mode, seed: study.seed, perConversation: study.perConversation },
        rubric: { id: rubric.row.id, name: rubric.row.name, version: rubric.row.version },
        dimensions: rubric.rubric.dimensions,
        conversations: assignedConversations,
        clinicians: members.map((m) => {
          const mine = assignments.filter((a) => a.userId === m.id);
          return { ...m, assigned: mine.length, done: mine.filter((a) => (rated.get(`${m.id}|${a.conversationId}`) ?? 0) >= d).length };
        }),
        raterNames,
        figures: data.figures,
      };
    },
    { behavior: "deferred" },
  );
}

function loadConversations(tx: Parameters<typeof loadStudyData>[0], ids: string[]) {
  return tx
    .select({ id: veraConversations.id, fileName: veraConversations.fileName, providerModel: veraConversations.providerModel, riskLevel: veraConversations.riskLevel })
    .from(veraConversations)
    .where(inArray(veraConversations.id, ids))
    .all();
}
