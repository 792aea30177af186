import "server-only";
import { eq } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { calibrationSets } from "@/db/schema";
import { NotFound } from "@/lib/server/errors";

export type CalibrationSetRow = typeof calibrationSets.$inferSelect;

export function readSet(db: Db | Tx, setId: number): CalibrationSetRow {
  const set = db.select().from(calibrationSets).where(eq(calibrationSets.id, setId)).get();
  if (!set) throw new NotFound("That calibration set does not exist.");
  return set;
}
