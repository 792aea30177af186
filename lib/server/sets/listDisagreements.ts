import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { calibrationSetClinicians, users } from "@/db/schema";
import type { Dimension } from "@/lib/bundle/schema";
import { MISSING, ONE, ZERO } from "@/lib/stats/majority";
import type { Ctx } from "@/lib/server/context";
import { requireRole } from "@/lib/server/guard";
import { readSet } from "./readSet";
import { SetIdInput } from "./schema";
import { pinnedCriteria } from "./queries";
import { setLabels, setUnits, unitKey } from "./setUnits";

export interface SplitUnit {
  response: string;
  /** The engine's consensus: true / false, or null on a tie. */
  consensus: boolean | null;
  labels: { rater: string; name: string; verdict: boolean; rationale: string | null }[];
}

export interface SplitCriterion {
  id: string;
  dimension: Dimension;
  text: string;
  units: SplitUnit[];
}

export interface SplitItem {
  item: string;
  splits: number;
  criteria: SplitCriterion[];
}

/**
 * The units where the set's clinicians split (at least one Satisfied and one Not
 * satisfied), grouped by item and then by criterion in rubric order, with every
 * clinician's verdict and rationale side by side: where a criterion splits often, its
 * wording is likely ambiguous.
 */
export async function listDisagreements({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<SplitItem[]> {
  requireRole(ctx, "lead");
  const { setId } = SetIdInput.parse(input);
  const db = getDb();
  return db.transaction(
    (tx) => {
      readSet(tx, setId);
      const { table, consensus } = setUnits(db, setId);
      const criteria = new Map(pinnedCriteria(tx, setId).map((c) => [c.id, c]));
      const given = new Map(setLabels(tx, setId).map((l) => [`${l.raterId}\u0000${unitKey(l.responseId, l.criterionId)}`, l]));
      const names = new Map(
        tx.select({ id: users.id, name: users.name }).from(calibrationSetClinicians).innerJoin(users, eq(users.id, calibrationSetClinicians.userId)).where(eq(calibrationSetClinicians.setId, setId)).all().map((u) => [u.id, u.name]),
      );

      const byItem = new Map<string, Map<string, SplitCriterion>>();
      for (let u = 0; u < table.count; u++) {
        const codes = table.labels.map((labels) => labels[u]);
        if (!codes.includes(ONE) || !codes.includes(ZERO)) continue;
        const item = table.items[table.item[u]];
        const criterionId = table.criteria[table.criterion[u]];
        const response = table.responses[table.response[u]];
        const criterion = criteria.get(criterionId);
        if (!criterion) continue;
        const groups = byItem.get(item) ?? new Map<string, SplitCriterion>();
        byItem.set(item, groups);
        const group = groups.get(criterionId) ?? { id: criterionId, dimension: criterion.dimension, text: criterion.text, units: [] };
        groups.set(criterionId, group);
        group.units.push({
          response,
          consensus: consensus[u] === MISSING ? null : consensus[u] === ONE,
          labels: table.raters.flatMap((rater, r) => {
            if (codes[r] === MISSING) return [];
            const label = given.get(`${rater}\u0000${unitKey(response, criterionId)}`);
            return [{ rater, name: names.get(rater) ?? rater, verdict: codes[r] === ONE, rationale: label?.rationale ?? null }];
          }),
        });
      }
      // Units run item by item and criterion by criterion in rubric order; Map keeps that order.
      return [...byItem].map(([item, groups]) => {
        const list = [...groups.values()].sort((a, b) => (criteria.get(a.id)?.position ?? 0) - (criteria.get(b.id)?.position ?? 0));
        return { item, splits: list.reduce((n, c) => n + c.units.length, 0), criteria: list };
      });
    },
    { behavior: "deferred" },
  );
}
