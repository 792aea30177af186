import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "@/lib/server/context";
import { Forbidden, Unauthorized } from "@/lib/server/errors";
import { as, authoringDb } from "@/test/authoring";
import { discardReferenceDraft } from "./discardReferenceDraft";
import { discardRubricDraft } from "./discardRubricDraft";
import { draftReferenceWithModel } from "./draftReferenceWithModel";
import { draftRubricWithModel } from "./draftRubricWithModel";
import { getItemForEditing } from "./getItemForEditing";
import { getReferenceDiff } from "./getReferenceDiff";
import { getRevisionStats } from "./getRevisionStats";
import { getRubricDiff } from "./getRubricDiff";
import { listItemVersions } from "./listItemVersions";
import { publishReferenceVersion } from "./publishReferenceVersion";
import { publishRubricVersion } from "./publishRubricVersion";
import { saveReferenceDraft } from "./saveReferenceDraft";
import { saveRubricDraft } from "./saveRubricDraft";
import { searchItems } from "./searchItems";
import { updateItem } from "./updateItem";

const itemId = "I-1";
const reads: Record<string, (ctx: Ctx) => Promise<unknown>> = {
  searchItems: (ctx) => searchItems({ ctx, input: {} }),
  getItemForEditing: (ctx) => getItemForEditing({ ctx, input: { itemId } }),
  listItemVersions: (ctx) => listItemVersions({ ctx, input: { itemId } }),
  getRubricDiff: (ctx) => getRubricDiff({ ctx, input: { itemId, from: 1, to: 1 } }),
  getReferenceDiff: (ctx) => getReferenceDiff({ ctx, input: { itemId, from: 1, to: 1 } }),
  getRevisionStats: (ctx) => getRevisionStats({ ctx }),
};
const writes: Record<string, (ctx: Ctx) => Promise<unknown>> = {
  updateItem: (ctx) => updateItem({ ctx, input: { itemId, updatedAt: 0, userTurns: ["Hello."], notes: "" } }),
  saveRubricDraft: (ctx) => saveRubricDraft({ ctx, input: { itemId, baseVersion: 1, criteria: [] } }),
  discardRubricDraft: (ctx) => discardRubricDraft({ ctx, input: { itemId } }),
  draftRubricWithModel: (ctx) => draftRubricWithModel({ ctx, input: { itemId } }),
  publishRubricVersion: (ctx) => publishRubricVersion({ ctx, input: { itemId, changeNote: "x" } }),
  saveReferenceDraft: (ctx) => saveReferenceDraft({ ctx, input: { itemId, baseVersion: 1, text: "x" } }),
  discardReferenceDraft: (ctx) => discardReferenceDraft({ ctx, input: { itemId } }),
  draftReferenceWithModel: (ctx) => draftReferenceWithModel({ ctx, input: { itemId } }),
  publishReferenceVersion: (ctx) => publishReferenceVersion({ ctx, input: { itemId, changeNote: "x" } }),
};

describe("authoring services check the role first", () => {
  beforeAll(async () => {
    await authoringDb();
  });

  it.each(Object.entries({ ...reads, ...writes }))("%s refuses signed-out callers and clinicians", async (_name, call) => {
    await expect(call({ user: null })).rejects.toBeInstanceOf(Unauthorized);
    await expect(call(as("clin-1", "clinician"))).rejects.toBeInstanceOf(Forbidden);
  });

  it.each(Object.entries(writes))("%s refuses a lead, who may only read", async (_name, call) => {
    await expect(call(as("lead-1", "lead"))).rejects.toBeInstanceOf(Forbidden);
  });

  it.each(Object.entries(reads))("%s lets a lead read", async (_name, call) => {
    await expect(call(as("lead-1", "lead"))).resolves.toBeDefined();
  });
});
