import "server-only";
import { getDb } from "@/db/client";
import { diffFlowRubrics, type QuestionDiff } from "@/lib/flow/rubricDiff";
import type { Ctx } from "@/lib/server/context";
import { requireRole } from "@/lib/server/guard";
import { loadRubric } from "./access";
import { DiffInput } from "./schema";

/** The question-level diff from one flow rubric version to another. Lead only. */
export async function diffFlowRubricVersions({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<QuestionDiff[]> {
  requireRole(ctx, "lead");
  const { fromId, toId } = DiffInput.parse(input);
  const db = getDb();
  return diffFlowRubrics(loadRubric(db, fromId).rubric, loadRubric(db, toId).rubric);
}
