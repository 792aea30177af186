import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "@/db/client";
import { Conflict } from "@/lib/server/errors";
import { LLM_SETUP_HINT } from "@/lib/llm/config";
import { as, authoringDb, useModel } from "@/test/authoring";
import { protocolBehaviour, REFERENCE_TEXT, startChatStub, type ChatStub } from "@/test/llm-stub";
import { draftReferenceWithModel } from "./draftReferenceWithModel";
import { draftRubricWithModel } from "./draftRubricWithModel";
import { getItemForEditing } from "./getItemForEditing";
import { getReferenceDiff } from "./getReferenceDiff";
import { listItemVersions } from "./listItemVersions";
import { publishReferenceVersion } from "./publishReferenceVersion";
import { saveReferenceDraft } from "./saveReferenceDraft";

const ada = as("author-1", "author");
const ben = as("author-2", "author");

describe("reference drafts and versions", () => {
  let db: Db;
  let stub: ChatStub | undefined;
  beforeEach(async () => {
    db = await authoringDb();
  });
  afterEach(async () => {
    useModel(null);
    await stub?.close();
    stub = undefined;
  });

  it("drafts a reference from the published rubric, publishes it against that rubric version, and diffs by word", async () => {
    stub = await startChatStub(protocolBehaviour);
    useModel(stub.url);
    const draft = await draftReferenceWithModel({ ctx: ada, input: { itemId: "I-1" } });
    expect(draft).toMatchObject({ status: "draft", text: REFERENCE_TEXT, baseVersion: 1, version: 2 });
    expect(stub.requests[0].body?.messages?.[1].content).toContain("- 10, identification: Recognises the person may be thinking about not wanting to live.");

    await saveReferenceDraft({ ctx: ada, input: { itemId: "I-1", baseVersion: 1, text: `${REFERENCE_TEXT} You matter.` } });
    const v2 = await publishReferenceVersion({ ctx: ada, input: { itemId: "I-1", changeNote: "Model draft, one line added" } });
    expect(v2).toMatchObject({ version: 2, rubricVersion: 1, status: "published" });
    const diff = await getReferenceDiff({ ctx: ada, input: { itemId: "I-1", from: 1, to: 2 } });
    // Each side reads back from its segments (the word diff may move a space between them).
    const side = (skip: string) => diff.words.filter((w) => w.kind !== skip).map((w) => w.text).join("").replace(/\s+/g, "");
    expect(side("added")).toBe("That sounds really heavy. I'm here with you.".replace(/\s+/g, ""));
    expect(side("removed")).toBe(`${REFERENCE_TEXT} You matter.`.replace(/\s+/g, ""));
    expect(diff.words.filter((w) => w.kind === "added").map((w) => w.text).join("")).toContain("You matter.");
    expect((await listItemVersions({ ctx: ada, input: { itemId: "I-1" } })).reference.map((r) => r.version)).toEqual([2, 1]);
    expect(() => db.$client.exec("UPDATE reference_versions SET text = 'x' WHERE version = 2")).toThrow(/immutable/);
  });

  it("refuses a stale reference publish and keeps the draft for merging", async () => {
    await saveReferenceDraft({ ctx: ada, input: { itemId: "I-1", baseVersion: 1, text: "That sounds really heavy. I'm here with you, and I'd like to help you reach someone." } });
    await saveReferenceDraft({ ctx: ben, input: { itemId: "I-1", baseVersion: 1, text: "That sounds heavy. Would you tell me more?" } });
    await publishReferenceVersion({ ctx: ada, input: { itemId: "I-1", changeNote: "Warmer" } });
    await expect(publishReferenceVersion({ ctx: ben, input: { itemId: "I-1", changeNote: "Shorter" } })).rejects.toBeInstanceOf(Conflict);
    const seen = await getItemForEditing({ ctx: ben, input: { itemId: "I-1" } });
    expect(seen.reference).toMatchObject({ latest: { version: 2 }, base: { version: 1 }, draft: { text: "That sounds heavy. Would you tell me more?" } });
  });

  it("explains how to configure a model when none is, and passes on the model's failures", async () => {
    const edit = await getItemForEditing({ ctx: ada, input: { itemId: "I-3" } });
    expect(edit.llm).toEqual({ configured: false, problem: LLM_SETUP_HINT });
    await expect(draftRubricWithModel({ ctx: ada, input: { itemId: "I-3" } })).rejects.toMatchObject({ status: 503, message: LLM_SETUP_HINT });

    process.env.CONCORD_LLM_MODEL = "half-configured";
    expect((await getItemForEditing({ ctx: ada, input: { itemId: "I-3" } })).llm.problem).toContain("CONCORD_LLM_BASE_URL is not set");

    stub = await startChatStub([{ content: "not json" }, { content: "{}" }, { content: '{"criteria": []}' }]);
    useModel(stub.url);
    const failed = draftRubricWithModel({ ctx: ada, input: { itemId: "I-3" } });
    await expect(failed).rejects.toMatchObject({ status: 502, message: expect.stringContaining("did not give a usable rubric in 3 attempts") });
    expect((await getItemForEditing({ ctx: ada, input: { itemId: "I-3" } })).rubric.draft).toBeNull();
    await expect(draftReferenceWithModel({ ctx: ada, input: { itemId: "I-3" } })).rejects.toThrow("Write or publish a rubric first");
  });
});
