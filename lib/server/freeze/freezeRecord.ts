import "server-only";
import { asc, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { calibrationSets, frozenPanels } from "@/db/schema";
import { FINGERPRINT_FORM } from "@/lib/freeze/fingerprint";
import { FreezeComputation, FROZEN_RECORD_FORMAT, FrozenRecord, RuleAtFreeze } from "@/lib/freeze/record";
import { namesOf } from "@/lib/server/users/read";

export interface StoredFreeze {
  record: FrozenRecord;
  /** The later freeze that replaced this one, if any. */
  supersededBy: number | null;
}

/**
 * Frozen panels as their downloadable records, oldest first (all of them, or one
 * set's, or one by id). Who froze it is shown by name when they are a person.
 */
export function readFreezes(db: Db | Tx, where: { setId?: number; id?: number } = {}): StoredFreeze[] {
  const condition = where.id !== undefined ? eq(frozenPanels.id, where.id) : where.setId !== undefined ? eq(frozenPanels.setId, where.setId) : undefined;
  const rows = db
    .select({ freeze: frozenPanels, setName: calibrationSets.name })
    .from(frozenPanels)
    .innerJoin(calibrationSets, eq(calibrationSets.id, frozenPanels.setId))
    .where(condition)
    .orderBy(asc(frozenPanels.id))
    .all();
  if (rows.length === 0) return [];
  const names = namesOf(db, rows.map((r) => r.freeze.frozenBy));
  const setIds = [...new Set(rows.map((r) => r.freeze.setId))];
  const successors = new Map(
    db.select({ id: frozenPanels.id, supersedesId: frozenPanels.supersedesId }).from(frozenPanels).where(inArray(frozenPanels.setId, setIds)).all()
      .filter((r) => r.supersedesId !== null)
      .map((r) => [r.supersedesId, r.id]),
  );
  return rows.map(({ freeze, setName }) => {
    const computed = FreezeComputation.parse(freeze.figures);
    const record: FrozenRecord = {
      format: FROZEN_RECORD_FORMAT,
      id: freeze.id,
      calibration_set: { id: freeze.setId, name: setName, ...(computed.set_open === undefined ? {} : { open_at_freeze: computed.set_open }) },
      judges: freeze.judges,
      ...(freeze.judgeSettings ? { judge_settings: freeze.judgeSettings as FrozenRecord["judge_settings"] } : {}),
      panel_size: freeze.panelSize,
      rank: freeze.rank,
      panels_ranked: computed.panels_ranked,
      selection: computed.selection,
      figures: computed.figures,
      reported_figures: computed.reported_figures,
      interval: computed.interval,
      scope: { ...computed.scope, rubric_versions: freeze.rubricVersions },
      fingerprint: { algorithm: "sha256", form: FINGERPRINT_FORM, value: freeze.fingerprint },
      rule: freeze.rule === null ? null : RuleAtFreeze.parse(JSON.parse(freeze.rule)),
      rationale: freeze.rationale,
      supersedes: freeze.supersedesId === null ? null : { id: freeze.supersedesId, reason: freeze.supersedeReason ?? "" },
      frozen_by: { id: freeze.frozenBy, name: names.get(freeze.frozenBy) ?? freeze.frozenBy },
      frozen_at: freeze.frozenAt.toISOString(),
    };
    return { record, supersededBy: successors.get(freeze.id) ?? null };
  });
}
