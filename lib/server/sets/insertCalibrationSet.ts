import "server-only";
import { and, desc, eq, inArray } from "drizzle-orm";
import type { Tx } from "@/db/client";
import {
  calibrationQueue, calibrationSetClinicians, calibrationSetItems, calibrationSetResponses, calibrationSets, responses, rubricVersions, users,
} from "@/db/schema";
import { Invalid } from "@/lib/server/errors";
import { responseOrder } from "./responseOrder";

export interface NewCalibrationSet {
  name: string;
  seed: number;
  itemIds: string[];
  responseIds: string[];
  clinicianIds: string[];
  createdBy: string;
  /** Item → the rubric version id to pin (an imported set's); by default each item's current published version. */
  pins?: ReadonlyMap<string, number>;
}

/**
 * Writes a calibration set inside the caller's transaction: pins each item's current
 * published rubric version (later edits never change what the set is labeled
 * against) and gives every clinician their own seeded response order. Returns its id.
 */
export function insertCalibrationSet(tx: Tx, set: NewCalibrationSet, now = new Date()): number {
  const problems: string[] = [];
  const pins = set.itemIds.map((itemId) => {
    const given = set.pins?.get(itemId);
    if (given !== undefined) return { itemId, rubricVersionId: given };
    const pinned = tx
      .select({ id: rubricVersions.id })
      .from(rubricVersions)
      .where(and(eq(rubricVersions.itemId, itemId), eq(rubricVersions.status, "published")))
      .orderBy(desc(rubricVersions.version))
      .get();
    if (!pinned) problems.push(`Item "${itemId}" has no published rubric.`);
    return { itemId, rubricVersionId: pinned?.id ?? 0 };
  });
  const itemOf = new Map(
    tx.select({ id: responses.id, itemId: responses.itemId }).from(responses).where(inArray(responses.id, set.responseIds)).all().map((r) => [r.id, r.itemId]),
  );
  for (const id of set.responseIds) {
    const item = itemOf.get(id);
    if (item === undefined) problems.push(`Response "${id}" does not exist.`);
    else if (!set.itemIds.includes(item)) problems.push(`Response "${id}" answers item "${item}", which is not in the set.`);
  }
  const known = new Set(tx.select({ id: users.id }).from(users).where(inArray(users.id, set.clinicianIds)).all().map((u) => u.id));
  for (const id of set.clinicianIds) if (!known.has(id)) problems.push(`Clinician "${id}" does not exist.`);
  if (problems.length > 0) throw new Invalid("The calibration set was not created.", problems);

  const { id: setId } = tx
    .insert(calibrationSets)
    .values({ name: set.name, seed: set.seed, status: "open", createdBy: set.createdBy, createdAt: now })
    .returning({ id: calibrationSets.id })
    .get();
  if (pins.length) tx.insert(calibrationSetItems).values(pins.map((p) => ({ setId, ...p }))).run();
  if (set.responseIds.length) tx.insert(calibrationSetResponses).values(set.responseIds.map((responseId) => ({ setId, responseId }))).run();
  for (const userId of set.clinicianIds) enrolClinician(tx, { setId, seed: set.seed, responseIds: set.responseIds }, userId);
  return setId;
}

/** Makes `userId` one of the set's clinicians, with their own seeded order of its responses. */
export function enrolClinician(tx: Tx, set: { setId: number; seed: number; responseIds: string[] }, userId: string): void {
  const { setId } = set;
  tx.insert(calibrationSetClinicians).values({ setId, userId }).run();
  const order = responseOrder(set.seed, userId, set.responseIds);
  if (order.length) tx.insert(calibrationQueue).values(order.map((responseId, position) => ({ setId, userId, responseId, position }))).run();
}
