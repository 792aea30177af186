import "server-only";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "@/db/client";
import { calibrationSetResponses, items, responses } from "@/db/schema";
import { Id } from "@/lib/bundle/schema";
import { SetIdParam } from "@/lib/calibration/schema";
import { dialogueTurns, type Turn } from "@/lib/labeling/dialogue";
import type { Ctx } from "@/lib/server/context";
import { NotFound } from "@/lib/server/errors";
import { requireRole } from "@/lib/server/guard";

const Input = z.object({ setId: SetIdParam, responseId: Id });

export interface SetResponse {
  item: string;
  model: string;
  turns: Turn[];
}

/** One response of a set as the lead reads it beside a split or a panel's disagreement: its dialogue, graded turn last. */
export async function getSetResponse({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<SetResponse> {
  requireRole(ctx, "lead");
  const { setId, responseId } = Input.parse(input);
  const row = getDb()
    .select({ item: items.id, model: responses.model, userTurns: items.userTurns, assistantTurns: responses.assistantTurns })
    .from(calibrationSetResponses)
    .innerJoin(responses, eq(responses.id, calibrationSetResponses.responseId))
    .innerJoin(items, eq(items.id, responses.itemId))
    .where(and(eq(calibrationSetResponses.setId, setId), eq(calibrationSetResponses.responseId, responseId)))
    .get();
  if (!row) throw new NotFound(`The set has no response "${responseId}".`);
  return { item: row.item, model: row.model, turns: dialogueTurns(row.userTurns, row.assistantTurns) };
}
