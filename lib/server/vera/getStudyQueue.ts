import "server-only";
import { getDb } from "@/db/client";
import type { Ctx } from "@/lib/server/context";
import { requireRole } from "@/lib/server/guard";
import { assignedStudy, loadRubric } from "./access";
import { queueOf } from "./queue";
import { StudyInput } from "./schema";

export interface StudyQueue {
  study: { id: number; name: string; mode: "direct" | "guided" };
  noticeAcknowledged: boolean;
  /** The clinician's conversations by place, and whether each has every dimension rated. */
  entries: { number: number; done: boolean }[];
  /** The first conversation not fully rated, or null when all are. */
  resumeAt: number | null;
}

/** A clinician's own queue of a study: places only, never which conversation or model. */
export async function getStudyQueue({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<StudyQueue> {
  const me = requireRole(ctx, "clinician");
  const { studyId } = StudyInput.parse(input);
  const db = getDb();
  const { study, noticeRead } = assignedStudy(db, studyId, me.id);
  const d = loadRubric(db, study.rubricId).rubric.dimensions.length;
  const entries = queueOf(db, studyId, me.id).map((q) => ({ number: q.number, done: q.rated >= d }));
  return { study: { id: study.id, name: study.name, mode: study.mode }, noticeAcknowledged: noticeRead, entries, resumeAt: entries.find((e) => !e.done)?.number ?? null };
}
