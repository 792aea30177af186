import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "@/db/client";
import { Conflict, Invalid } from "@/lib/server/errors";
import { as, authoringDb, useModel } from "@/test/authoring";
import { startChatStub, protocolBehaviour, type ChatStub } from "@/test/llm-stub";
import { discardRubricDraft } from "./discardRubricDraft";
import { draftRubricWithModel } from "./draftRubricWithModel";
import { getItemForEditing } from "./getItemForEditing";
import { getRubricDiff } from "./getRubricDiff";
import { publishRubricVersion } from "./publishRubricVersion";
import { saveRubricDraft } from "./saveRubricDraft";
import type { DraftCriterion } from "./schema";

const ada = as("author-1", "author");
const ben = as("author-2", "author");
const lead = as("lead-1", "lead");

const editable = (criteria: { id: string; dimension: DraftCriterion["dimension"]; weight: number; text: string }[]): DraftCriterion[] =>
  criteria.map(({ id, dimension, weight, text }) => ({ id, dimension, weight, text }));

describe("rubric drafts and versions", () => {
  let db: Db;
  let stub: ChatStub;
  beforeEach(async () => {
    db = await authoringDb();
    stub = await startChatStub(protocolBehaviour);
    useModel(stub.url);
  });
  afterEach(async () => {
    useModel(null);
    await stub.close();
  });

  it("drafts seven model criteria, tracks kept-as-drafted through edits and publishes v1 and v2", async () => {
    const drafted = await draftRubricWithModel({ ctx: ada, input: { itemId: "I-3" } });
    expect(drafted).toMatchObject({ status: "draft", version: 1, baseVersion: null });
    expect(drafted.criteria.map((c) => c.id)).toEqual(["I-3.c01", "I-3.c02", "I-3.c03", "I-3.c04", "I-3.c05", "I-3.c06", "I-3.c07"]);
    expect(drafted.criteria.every((c) => c.provenance === "model" && c.keptAsDrafted === true)).toBe(true);
    expect(stub.requests[0].body?.messages?.[1].content).toContain("Clinical notes: Worried friend");

    const v1 = await publishRubricVersion({ ctx: ada, input: { itemId: "I-3", changeNote: "Model draft" } });
    expect(v1).toMatchObject({ status: "published", version: 1, author: "author-1", changeNote: "Model draft" });
    expect(v1.publishedAt).toEqual(expect.any(Number));

    const edits = editable(v1.criteria);
    edits[0].text = "Names the worry about the friend and asks what she has said.";
    edits[1].weight = 12;
    edits.push({ id: null, dimension: "actionable_resources", weight: 9, text: "Helps the person tell a school counsellor today." });
    const draft = await saveRubricDraft({ ctx: ada, input: { itemId: "I-3", baseVersion: 1, criteria: edits } });
    expect(draft.criteria.map((c) => [c.id, c.provenance, c.keptAsDrafted])).toEqual([
      ["I-3.c01", "model", false], ["I-3.c02", "model", false], ["I-3.c03", "model", true], ["I-3.c04", "model", true],
      ["I-3.c05", "model", true], ["I-3.c06", "model", true], ["I-3.c07", "model", true], ["I-3.c08", "person", null],
    ]);

    // Changing a criterion back does not make it "as drafted" again: it was revised.
    edits[0].text = v1.criteria[0].text;
    edits[7].id = "I-3.c08";
    const again = await saveRubricDraft({ ctx: ada, input: { itemId: "I-3", baseVersion: 1, criteria: edits } });
    expect(again.criteria[0].keptAsDrafted).toBe(false);

    const v2 = await publishRubricVersion({ ctx: ada, input: { itemId: "I-3", changeNote: "Reweighted, added a referral" } });
    expect(v2.version).toBe(2);
    const diff = await getRubricDiff({ ctx: lead, input: { itemId: "I-3", from: 1, to: 2 } });
    expect(diff.rows.map((r) => [r.id, r.status])).toEqual([
      ["I-3.c01", "kept"], ["I-3.c02", "changed"], ["I-3.c03", "kept"], ["I-3.c04", "kept"], ["I-3.c05", "kept"],
      ["I-3.c06", "kept"], ["I-3.c07", "kept"], ["I-3.c08", "added"],
    ]);
  });

  it("never modifies a published version: edits go to a new draft and the old version reads the same", async () => {
    const before = (await getItemForEditing({ ctx: ada, input: { itemId: "I-1" } })).rubric.latest;
    expect(before?.version).toBe(1);
    const criteria = editable(before?.criteria ?? []);
    criteria[0].text = "Asks gently whether the person is thinking about suicide.";
    await saveRubricDraft({ ctx: ada, input: { itemId: "I-1", baseVersion: 1, criteria } });
    await publishRubricVersion({ ctx: ada, input: { itemId: "I-1", changeNote: "Clearer identification" } });

    const v1 = (await getRubricDiff({ ctx: ada, input: { itemId: "I-1", from: 1, to: 2 } })).from;
    expect(v1.criteria).toEqual(before?.criteria);
    expect(v1.publishedAt).toBe(before?.publishedAt);
    // The database itself refuses, whatever code runs against it.
    expect(() => db.$client.exec(`UPDATE rubric_criteria SET text = 'x' WHERE rubric_version_id = ${v1.rowId}`)).toThrow(/immutable/);
    expect(() => db.$client.exec(`UPDATE rubric_versions SET change_note = 'x' WHERE id = ${v1.rowId}`)).toThrow(/immutable/);
    expect(() => db.$client.exec(`DELETE FROM rubric_versions WHERE id = ${v1.rowId}`)).toThrow(/immutable/);
  });

  it("keeps each author's draft separate and refuses the stale publish with a conflict, keeping the draft", async () => {
    const v1 = (await getItemForEditing({ ctx: ada, input: { itemId: "I-1" } })).rubric.latest?.criteria ?? [];
    const adaEdits = editable(v1);
    adaEdits[0].weight = 15;
    const benEdits = editable(v1);
    benEdits[1].text = "Offers a crisis line and helps make the call today.";
    await saveRubricDraft({ ctx: ada, input: { itemId: "I-1", baseVersion: 1, criteria: adaEdits } });
    await saveRubricDraft({ ctx: ben, input: { itemId: "I-1", baseVersion: 1, criteria: benEdits } });
    await publishRubricVersion({ ctx: ada, input: { itemId: "I-1", changeNote: "Identification matters most" } });

    const refused = publishRubricVersion({ ctx: ben, input: { itemId: "I-1", changeNote: "Concrete referral" } });
    await expect(refused).rejects.toBeInstanceOf(Conflict);
    await expect(refused).rejects.toThrow("Ada Author published version 2 after your draft started from version 1");

    const seen = await getItemForEditing({ ctx: ben, input: { itemId: "I-1" } });
    expect(seen.rubric.latest?.version).toBe(2);
    expect(seen.rubric.draft?.criteria[1].text).toBe("Offers a crisis line and helps make the call today.");
    expect(seen.rubric.base?.version).toBe(1);
    expect(seen.rubric.otherDrafts).toEqual([]);

    // Ben merges: Ada's weight and his wording, on top of version 2.
    const merged = editable(seen.rubric.latest?.criteria ?? []);
    merged[1].text = benEdits[1].text;
    await saveRubricDraft({ ctx: ben, input: { itemId: "I-1", baseVersion: 2, criteria: merged } });
    const v3 = await publishRubricVersion({ ctx: ben, input: { itemId: "I-1", changeNote: "Merged with v2" } });
    expect(v3.criteria.map((c) => [c.weight, c.text])).toEqual([
      [15, v1[0].text],
      [v1[1].weight, benEdits[1].text],
    ]);
  });

  it("publishing never changes what a calibration set pinned", async () => {
    const criteria = editable((await getItemForEditing({ ctx: ada, input: { itemId: "I-2" } })).rubric.latest?.criteria ?? []);
    criteria[0].weight = 3;
    await saveRubricDraft({ ctx: ada, input: { itemId: "I-2", baseVersion: 1, criteria } });
    await publishRubricVersion({ ctx: ada, input: { itemId: "I-2", changeNote: "Lower weight" } });
    const item = await getItemForEditing({ ctx: lead, input: { itemId: "I-2" } });
    expect(item.rubric.latest?.version).toBe(2);
    expect(item.pins).toEqual([{ setId: 1, setName: "Demo calibration", setStatus: "open", rubricVersion: 1 }]);
  });

  it("checks the draft before publishing and explains what is missing", async () => {
    await expect(publishRubricVersion({ ctx: ada, input: { itemId: "I-3", changeNote: "x" } })).rejects.toThrow("You have no draft of this rubric to publish.");
    await saveRubricDraft({
      ctx: ada,
      input: { itemId: "I-3", baseVersion: null, criteria: [{ id: null, dimension: "identification", weight: 7, text: "  " }] },
    });
    const error = await publishRubricVersion({ ctx: ada, input: { itemId: "I-3", changeNote: "x" } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Invalid);
    expect((error as Invalid).issues).toEqual(["criterion 1: text: must not be empty"]);
    await expect(publishRubricVersion({ ctx: ada, input: { itemId: "I-3", changeNote: " " } })).rejects.toThrow();

    const same = editable((await getItemForEditing({ ctx: ada, input: { itemId: "I-1" } })).rubric.latest?.criteria ?? []);
    await saveRubricDraft({ ctx: ada, input: { itemId: "I-1", baseVersion: 1, criteria: same } });
    await expect(publishRubricVersion({ ctx: ada, input: { itemId: "I-1", changeNote: "x" } })).rejects.toThrow("Nothing to publish");
  });

  it("refuses criteria of another item and unknown base versions", async () => {
    const foreign = saveRubricDraft({ ctx: ada, input: { itemId: "I-3", baseVersion: null, criteria: [{ id: "I-1.c1", dimension: "identification", weight: 2, text: "x" }] } });
    await expect(foreign).rejects.toMatchObject({ issues: ['criterion 1: "I-1.c1" is not a criterion of this item'] });
    await expect(saveRubricDraft({ ctx: ada, input: { itemId: "I-3", baseVersion: 4, criteria: [] } })).rejects.toThrow("no published version 4");
    await expect(saveRubricDraft({ ctx: ada, input: { itemId: "I-9", baseVersion: null, criteria: [] } })).rejects.toThrow('There is no item "I-9".');
  });

  it("drafts survive: a saved draft reads back, and a discarded one is gone", async () => {
    await saveRubricDraft({ ctx: ada, input: { itemId: "I-3", baseVersion: null, criteria: [{ id: null, dimension: "moralization", weight: 4, text: "Does not lecture." }] } });
    const read = await getItemForEditing({ ctx: ada, input: { itemId: "I-3" } });
    expect(read.rubric.draft?.criteria).toEqual([{ id: "I-3.c01", dimension: "moralization", weight: 4, text: "Does not lecture.", provenance: "person", keptAsDrafted: null }]);
    expect((await getItemForEditing({ ctx: ben, input: { itemId: "I-3" } })).rubric.otherDrafts).toEqual([{ author: "author-1", authorName: "Ada Author", baseVersion: null }]);
    await discardRubricDraft({ ctx: ada, input: { itemId: "I-3" } });
    expect((await getItemForEditing({ ctx: ada, input: { itemId: "I-3" } })).rubric.draft).toBeNull();
  });

  it("adds a model draft after the author's own criteria, replacing only blank rows", async () => {
    await saveRubricDraft({
      ctx: ada,
      input: {
        itemId: "I-3", baseVersion: null,
        criteria: [{ id: null, dimension: "identification", weight: 9, text: "Mine." }, { id: null, dimension: "disclaimers", weight: 1, text: "" }],
      },
    });
    const draft = await draftRubricWithModel({ ctx: ada, input: { itemId: "I-3" } });
    expect(draft.criteria).toHaveLength(8);
    expect(draft.criteria[0]).toMatchObject({ text: "Mine.", provenance: "person" });
    expect(draft.criteria.slice(1).every((c) => c.provenance === "model")).toBe(true);
  });
});
