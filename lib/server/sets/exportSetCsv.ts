import "server-only";
import { getDb } from "@/db/client";
import { csvCell as cell, csvFreeText as freeText } from "@/lib/csv";
import { MISSING, ONE } from "@/lib/stats/majority";
import type { Ctx } from "@/lib/server/context";
import { requireRole } from "@/lib/server/guard";
import { readSet } from "./readSet";
import { SetIdInput } from "./schema";
import { pinnedCriteria } from "./queries";
import { setLabels, setUnits, unitKey } from "./setUnits";

const HEADER = ["item", "response", "criterion", "dimension", "weight", "rater", "verdict", "rationale", "consensus", "labeled_at"];

/** One row per label on the set's units: verdict 1/0, and the unit's consensus (1/0, empty when none). */
export async function exportSetCsv({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<string> {
  requireRole(ctx, "lead");
  const { setId } = SetIdInput.parse(input);
  const db = getDb();
  return db.transaction(
    (tx) => {
      readSet(tx, setId);
      const { table, consensus } = setUnits(db, setId);
      const unitOf = new Map<string, number>();
      for (let u = 0; u < table.count; u++) unitOf.set(unitKey(table.responses[table.response[u]], table.criteria[table.criterion[u]]), u);
      const criteria = new Map(pinnedCriteria(tx, setId).map((c) => [c.id, c]));
      const rows = [HEADER.join(",")];
      for (const label of setLabels(tx, setId)) {
        const u = unitOf.get(unitKey(label.responseId, label.criterionId));
        const criterion = criteria.get(label.criterionId);
        if (u === undefined || !criterion) continue;
        const agreed = consensus[u] === MISSING ? "" : consensus[u] === ONE ? 1 : 0;
        rows.push(
          [criterion.item, label.responseId, label.criterionId, criterion.dimension, criterion.weight, label.raterId, label.verdict ? 1 : 0, freeText(label.rationale ?? ""), agreed, label.updatedAt.toISOString()]
            .map(cell)
            .join(","),
        );
      }
      return rows.join("\r\n") + "\r\n";
    },
    { behavior: "deferred" },
  );
}
