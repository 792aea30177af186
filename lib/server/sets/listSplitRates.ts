import "server-only";
import { getDb } from "@/db/client";
import type { Dimension } from "@/lib/bundle/schema";
import { criterionSplitRates, type CriterionSplitRate } from "@/lib/calibration/splitRates";
import type { Ctx } from "@/lib/server/context";
import { requireRole } from "@/lib/server/guard";
import { readSet } from "./readSet";
import { SetIdInput } from "./schema";
import { pinnedCriteria } from "./queries";
import { setUnits } from "./setUnits";

export interface SplitRateRow extends CriterionSplitRate {
  item: string;
  dimension: Dimension;
  text: string;
}

/** The set's criteria by how often its clinicians split on them (docs/metrics.md#criterion-split-rate), for the lead. */
export async function listSplitRates({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<SplitRateRow[]> {
  requireRole(ctx, "lead");
  const { setId } = SetIdInput.parse(input);
  const db = getDb();
  return db.transaction(
    (tx) => {
      readSet(tx, setId);
      const criteria = new Map(pinnedCriteria(tx, setId).map((c) => [c.id, c]));
      return criterionSplitRates(setUnits(db, setId).table).flatMap((rate) => {
        const criterion = criteria.get(rate.criterion);
        return criterion ? [{ ...rate, item: criterion.item, dimension: criterion.dimension, text: criterion.text }] : [];
      });
    },
    { behavior: "deferred" },
  );
}
