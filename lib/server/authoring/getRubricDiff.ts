import "server-only";
import { getDb } from "@/db/client";
import { diffRubrics, type CriterionDiff } from "@/lib/rubric/diff";
import type { Ctx } from "@/lib/server/context";
import { NotFound } from "@/lib/server/errors";
import { requireRole } from "@/lib/server/guard";
import { requireItem } from "./items";
import { publishedRubric, type RubricVersionView } from "./rubrics";
import { DiffInput } from "./schema";

export interface RubricDiff {
  from: RubricVersionView;
  to: RubricVersionView;
  /** Per criterion, in the order of `to`: kept, changed (reworded / reweighted / dimension changed), added or removed. */
  rows: CriterionDiff[];
}

/** The side-by-side diff of two published versions of an item's rubric (either direction). */
export async function getRubricDiff({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<RubricDiff> {
  requireRole(ctx, "author", "lead");
  const { itemId, from, to } = DiffInput.parse(input);
  const db = getDb();
  requireItem(db, itemId);
  const a = publishedRubric(db, itemId, from);
  const b = publishedRubric(db, itemId, to);
  if (!a || !b) throw new NotFound(`The rubric of this item has no published version ${a ? to : from}.`);
  return { from: a, to: b, rows: diffRubrics(a.criteria, b.criteria) };
}
