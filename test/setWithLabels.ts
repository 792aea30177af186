import { currentRubrics } from "@/lib/bundle/references";
import { parseBundle } from "@/lib/bundle/parse";
import type { Db } from "@/db/client";
import { importBundle } from "@/lib/server/bundle/importBundle";
import { bundleText } from "@/lib/server/bundle/importInto";
import type { NewCalibrationSet } from "@/lib/server/sets/insertCalibrationSet";
import { calibrationSets } from "@/db/schema";
import { eq } from "drizzle-orm";
import { cliCtx } from "@/lib/server/systemCtx";

/**
 * Imports a set-less bundle (`text`) with a calibration set over it, so that the labels
 * of its clinicians on the set's responses are the set's (each set has its own labels):
 * the bundle gets a `set` line pinning each item's current rubric, and those label lines
 * name it. Returns the set's id.
 */
export async function importWithSet(db: Db, text: string, set: Omit<NewCalibrationSet, "createdBy">): Promise<number> {
  const { bundle } = parseBundle(text);
  const current = currentRubrics(bundle.rubrics);
  const responses = new Set(set.responseIds);
  const clinicians = new Set(set.clinicianIds);
  const inSet = (l: { rater: string; response: string }) => responses.has(l.response) && clinicians.has(l.rater);
  await importBundle({
    ctx: cliCtx,
    input: {
      text: bundleText({
        ...bundle,
        sets: [{ kind: "set", id: "s", name: set.name, seed: set.seed, items: set.itemIds.map((item) => ({ item, rubric_version: current.get(item)!.version })), responses: set.responseIds, clinicians: set.clinicianIds }],
        labels: bundle.labels.map((l) => (inSet(l) ? { ...l, set: "s" } : l)),
      }),
    },
  });
  return db.select({ id: calibrationSets.id }).from(calibrationSets).where(eq(calibrationSets.name, set.name)).get()!.id;
}
