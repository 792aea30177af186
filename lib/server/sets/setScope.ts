import "server-only";
import { asc, eq } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { calibrationSetClinicians, calibrationSetItems, calibrationSetResponses, calibrationSets, items, rubricVersions } from "@/db/schema";
import type { ItemRecord } from "@/lib/bundle/schema";
import { NotFound } from "@/lib/server/errors";

export interface SetScope {
  set: { id: number; name: string; open: boolean };
  /** Item id → the rubric version number the set pinned. */
  rubricVersions: Record<string, number>;
  splitOf: Map<string, ItemRecord["split"]>;
  responses: string[];
  clinicians: string[];
}

/** A calibration set's frame: what it pinned and who labels it. NotFound when there is no such set. */
export function loadSetScope(db: Db | Tx, setId: number): SetScope {
  const row = db.select({ id: calibrationSets.id, name: calibrationSets.name, status: calibrationSets.status }).from(calibrationSets).where(eq(calibrationSets.id, setId)).get();
  if (!row) throw new NotFound("There is no such calibration set.");
  const set = { id: row.id, name: row.name, open: row.status === "open" };
  const pinned = db
    .select({ item: calibrationSetItems.itemId, version: rubricVersions.version, split: items.split })
    .from(calibrationSetItems)
    .innerJoin(rubricVersions, eq(rubricVersions.id, calibrationSetItems.rubricVersionId))
    .innerJoin(items, eq(items.id, calibrationSetItems.itemId))
    .where(eq(calibrationSetItems.setId, setId))
    .orderBy(asc(calibrationSetItems.itemId))
    .all();
  const responses = db
    .select({ id: calibrationSetResponses.responseId })
    .from(calibrationSetResponses)
    .where(eq(calibrationSetResponses.setId, setId))
    .orderBy(asc(calibrationSetResponses.responseId))
    .all();
  const clinicians = db
    .select({ id: calibrationSetClinicians.userId })
    .from(calibrationSetClinicians)
    .where(eq(calibrationSetClinicians.setId, setId))
    .orderBy(asc(calibrationSetClinicians.userId))
    .all();
  return {
    set,
    rubricVersions: Object.fromEntries(pinned.map((p) => [p.item, p.version])),
    splitOf: new Map(pinned.map((p) => [p.item, p.split])),
    responses: responses.map((r) => r.id),
    clinicians: clinicians.map((c) => c.id),
  };
}
