import "server-only";
import { and, asc, desc, eq } from "drizzle-orm";
import { getDb, type Db } from "@/db/client";
import { calibrationSetItems, calibrationSetResponses, calibrationSets, items, responses, rubricCriteria, rubricVersions } from "@/db/schema";
import { renderTemplate, templateProblems, type ChatMessage } from "@/lib/runs/template";
import type { Ctx } from "@/lib/server/context";
import { NotFound } from "@/lib/server/errors";
import { requireRole } from "@/lib/server/guard";
import { PreviewTemplateInput } from "./schema";

export interface PreviewUnit {
  /** The calibration set the unit was taken from, when it was. */
  set: { id: number; name: string } | null;
  itemId: string;
  responseId: string;
  criterionId: string;
  rubricVersion: number;
}

export type TemplatePreview =
  | { ok: true; unit: PreviewUnit; messages: ChatMessage[] }
  | { ok: false; problems: string[] };

const columns = {
  itemId: responses.itemId,
  responseId: responses.id,
  userTurns: items.userTurns,
  assistantTurns: responses.assistantTurns,
  criterionId: rubricCriteria.criterionId,
  dimension: rubricCriteria.dimension,
  criterion: rubricCriteria.text,
  rubricVersion: rubricVersions.version,
};

/** The first unit of a set: first item, its first response, the first pinned criterion. */
function firstSetUnit(db: Db, setId: number) {
  return db
    .select({ ...columns, setId: calibrationSets.id, setName: calibrationSets.name })
    .from(calibrationSetResponses)
    .innerJoin(calibrationSets, eq(calibrationSets.id, calibrationSetResponses.setId))
    .innerJoin(responses, eq(responses.id, calibrationSetResponses.responseId))
    .innerJoin(items, eq(items.id, responses.itemId))
    .innerJoin(calibrationSetItems, and(eq(calibrationSetItems.setId, calibrationSetResponses.setId), eq(calibrationSetItems.itemId, responses.itemId)))
    .innerJoin(rubricVersions, eq(rubricVersions.id, calibrationSetItems.rubricVersionId))
    .innerJoin(rubricCriteria, eq(rubricCriteria.rubricVersionId, rubricVersions.id))
    .where(eq(calibrationSetResponses.setId, setId))
    .orderBy(asc(responses.itemId), asc(responses.id), asc(rubricCriteria.position))
    .get();
}

/** Any response with a published rubric: the first response, its item's newest published version. */
function anyUnit(db: Db) {
  return db
    .select(columns)
    .from(responses)
    .innerJoin(items, eq(items.id, responses.itemId))
    .innerJoin(rubricVersions, and(eq(rubricVersions.itemId, responses.itemId), eq(rubricVersions.status, "published")))
    .innerJoin(rubricCriteria, eq(rubricCriteria.rubricVersionId, rubricVersions.id))
    .orderBy(asc(responses.id), desc(rubricVersions.version), asc(rubricCriteria.position))
    .get();
}

/**
 * Renders a template body on a real unit, exactly as a judge would be sent it: the
 * first unit of the given calibration set, else of the first set, else any response
 * with a published rubric. A body with problems is not rendered; they are returned.
 */
export async function previewJudgeTemplate({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<TemplatePreview> {
  requireRole(ctx, "lead");
  const { body, setId } = PreviewTemplateInput.parse(input);
  const problems = templateProblems(body);
  if (problems.length > 0) return { ok: false, problems };
  const db = getDb();
  if (setId !== null && !db.select({ id: calibrationSets.id }).from(calibrationSets).where(eq(calibrationSets.id, setId)).get()) {
    throw new NotFound(`There is no calibration set #${setId}.`);
  }
  const firstSet = setId ?? db.select({ id: calibrationSets.id }).from(calibrationSets).orderBy(asc(calibrationSets.id)).get()?.id;
  const fromSet = firstSet === undefined ? undefined : firstSetUnit(db, firstSet);
  const row = fromSet ?? (setId === null ? anyUnit(db) : undefined);
  if (!row) throw new NotFound(setId === null ? "There is no response with a published rubric to preview the template on yet: import or write one first." : `Calibration set #${setId} has no unit to preview the template on.`);
  const messages = renderTemplate(body, { userTurns: row.userTurns, assistantTurns: row.assistantTurns, criterion: row.criterion, dimension: row.dimension });
  const set = fromSet ? { id: fromSet.setId, name: fromSet.setName } : null;
  return { ok: true, unit: { set, itemId: row.itemId, responseId: row.responseId, criterionId: row.criterionId, rubricVersion: row.rubricVersion }, messages };
}
