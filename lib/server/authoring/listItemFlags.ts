import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { calibrationSetItems, calibrationSets, labelingFlags, responses, rubricCriteria } from "@/db/schema";
import type { Ctx } from "@/lib/server/context";
import type { SkipReason } from "@/lib/labeling/skips";
import { requireRole } from "@/lib/server/guard";
import { requireItem } from "./items";
import { ItemIdInput } from "./schema";

export interface ItemFlags {
  /** Criteria clinicians flagged as ambiguous, as the set pinned them, with each comment. */
  flags: { criterionId: string; text: string; set: string; comment: string }[];
  /** How often the item's responses were skipped, by reason, with any comments. */
  skips: { reason: SkipReason; set: string; comment: string | null }[];
}

/**
 * The clinicians' skips and ambiguity flags on an item's responses, across calibration
 * sets, for its authors and the lead. Without names: authors learn what was unclear,
 * not who found it so. Never shown to clinicians.
 */
export async function listItemFlags({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<ItemFlags> {
  requireRole(ctx, "author", "lead");
  const { itemId } = ItemIdInput.parse(input);
  return getDb().transaction(
    (tx) => {
      requireItem(tx, itemId);
      const rows = tx
        .select({ kind: labelingFlags.kind, criterionId: labelingFlags.criterionId, reason: labelingFlags.reason, comment: labelingFlags.comment, set: calibrationSets.name, rubricVersionId: calibrationSetItems.rubricVersionId })
        .from(labelingFlags)
        .innerJoin(responses, eq(responses.id, labelingFlags.responseId))
        .innerJoin(calibrationSets, eq(calibrationSets.id, labelingFlags.setId))
        .innerJoin(calibrationSetItems, and(eq(calibrationSetItems.setId, labelingFlags.setId), eq(calibrationSetItems.itemId, responses.itemId)))
        .where(eq(responses.itemId, itemId))
        .orderBy(asc(labelingFlags.setId), asc(labelingFlags.criterionId), asc(labelingFlags.id))
        .all();
      const textOf = (versionId: number, criterionId: string) =>
        tx.select({ text: rubricCriteria.text }).from(rubricCriteria).where(and(eq(rubricCriteria.rubricVersionId, versionId), eq(rubricCriteria.criterionId, criterionId))).get()?.text ?? criterionId;
      return {
        flags: rows.flatMap((r) => (r.kind === "ambiguous" && r.criterionId ? [{ criterionId: r.criterionId, text: textOf(r.rubricVersionId, r.criterionId), set: r.set, comment: r.comment ?? "" }] : [])),
        skips: rows.flatMap((r) => (r.kind === "skip" && r.reason ? [{ reason: r.reason, set: r.set, comment: r.comment }] : [])),
      };
    },
    { behavior: "deferred" },
  );
}
