import "server-only";
import { asc, eq } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { calibrationSetItems, calibrationSets, rubricVersions } from "@/db/schema";

export interface RubricPin {
  setId: number;
  setName: string;
  setStatus: "open" | "closed";
  /** The rubric version the set labels against; later publications never change it. */
  rubricVersion: number;
}

/** The calibration sets that include the item, oldest first, with the rubric version each pinned. */
export function pinsOf(db: Db | Tx, itemId: string): RubricPin[] {
  return db
    .select({ setId: calibrationSets.id, setName: calibrationSets.name, setStatus: calibrationSets.status, rubricVersion: rubricVersions.version })
    .from(calibrationSetItems)
    .innerJoin(calibrationSets, eq(calibrationSets.id, calibrationSetItems.setId))
    .innerJoin(rubricVersions, eq(rubricVersions.id, calibrationSetItems.rubricVersionId))
    .where(eq(calibrationSetItems.itemId, itemId))
    .orderBy(asc(calibrationSets.createdAt), asc(calibrationSets.id))
    .all();
}
