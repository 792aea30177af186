import "server-only";
import { desc, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { veraConversations, veraRubrics, veraStudies } from "@/db/schema";
import type { Ctx } from "@/lib/server/context";
import { requireRole } from "@/lib/server/guard";

export interface StudyListing {
  studies: { id: number; name: string; mode: "direct" | "guided"; rubric: string; createdAt: Date }[];
  /** What a new study can be made of. */
  conversations: { id: string; fileName: string; providerModel: string | null; riskLevel: string | null }[];
}

/** The studies, newest first, and the imported conversations. Lead only. */
export async function listStudies({ ctx }: { ctx: Ctx }): Promise<StudyListing> {
  requireRole(ctx, "lead");
  const db = getDb();
  const studies = db
    .select({ id: veraStudies.id, name: veraStudies.name, mode: veraStudies.mode, rubricName: veraRubrics.name, version: veraRubrics.version, createdAt: veraStudies.createdAt })
    .from(veraStudies)
    .innerJoin(veraRubrics, eq(veraRubrics.id, veraStudies.rubricId))
    .orderBy(desc(veraStudies.id))
    .all()
    .map(({ rubricName, version, ...s }) => ({ ...s, rubric: `${rubricName} v${version}` }));
  const conversations = db
    .select({ id: veraConversations.id, fileName: veraConversations.fileName, providerModel: veraConversations.providerModel, riskLevel: veraConversations.riskLevel })
    .from(veraConversations)
    .orderBy(veraConversations.id)
    .all();
  return { studies, conversations };
}
