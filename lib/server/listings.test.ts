import { beforeAll, describe, expect, it } from "vitest";
import type { Role } from "@/lib/roles";
import type { Ctx } from "@/lib/server/context";
import { Forbidden, Unauthorized } from "@/lib/server/errors";
import { freshDb } from "@/test/db";
import { smallCorpus } from "@/test/smallCorpus";
import { listCalibrationSets } from "./sets/listCalibrationSets";
import { seedCorpusIfEmpty } from "./demo/seedCorpus";
import { listMyAssignments } from "./labeling/listMyAssignments";

const as = (id: string, ...roles: Role[]): Ctx => ({ user: { id, email: `${id}@demo.test`, name: id, roles } });
const lead = as("lead-1", "lead");
const author = as("author-1", "author");
const clin1 = as("clin-1", "clinician");

describe("listings", () => {
  beforeAll(async () => {
    freshDb();
    await seedCorpusIfEmpty(smallCorpus());
  });

  it("check the role", async () => {
    await expect(listCalibrationSets({ ctx: { user: null } })).rejects.toBeInstanceOf(Unauthorized);
    await expect(listCalibrationSets({ ctx: author })).rejects.toBeInstanceOf(Forbidden);
    await expect(listMyAssignments({ ctx: author })).rejects.toBeInstanceOf(Forbidden);
    await expect(listMyAssignments({ ctx: { user: null } })).rejects.toBeInstanceOf(Unauthorized);
  });

  it("lists calibration sets with their counts for a lead", async () => {
    expect(await listCalibrationSets({ ctx: lead })).toEqual([
      expect.objectContaining({ id: 1, name: "Demo calibration", seed: 20260714, status: "open", items: 2, responses: 4, clinicians: 3, labels: 4 }),
    ]);
  });

  it("shows a clinician only their progress, nothing about models, others or judges", async () => {
    const mine = await listMyAssignments({ ctx: clin1 });
    expect(mine).toEqual([{ setId: 1, name: "Demo calibration", status: "open", responsesTotal: 4, responsesDone: 1, responsesSkipped: 0, criteriaTotal: 8, criteriaDone: 2 }]);
    expect(JSON.stringify(mine)).not.toMatch(/model-|judge-|clin-2|r-\d/);
    expect(await listMyAssignments({ ctx: as("clin-3", "clinician") })).toEqual([expect.objectContaining({ responsesDone: 0, criteriaDone: 0 })]);
  });
});
