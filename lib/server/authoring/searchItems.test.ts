import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/db/client";
import { as, authoringDb } from "@/test/authoring";
import { publishRubricVersion } from "./publishRubricVersion";
import { saveRubricDraft } from "./saveRubricDraft";
import { PAGE_SIZE } from "./schema";
import { searchItems } from "./searchItems";

const ada = as("author-1", "author");
const ids = async (input: Parameters<typeof searchItems>[0]["input"]) => (await searchItems({ ctx: ada, input })).items.map((i) => i.id);

describe("searchItems", () => {
  let db: Db;
  beforeAll(async () => {
    db = await authoringDb();
    // I-2 moves past the version its calibration set pinned; I-1 gets a draft in progress.
    await saveRubricDraft({ ctx: ada, input: { itemId: "I-2", baseVersion: 1, criteria: [{ id: "I-2.c1", dimension: "identification", weight: 3, text: "Notices the hopelessness." }] } });
    await publishRubricVersion({ ctx: ada, input: { itemId: "I-2", changeNote: "Shorter" } });
    await saveRubricDraft({ ctx: ada, input: { itemId: "I-1", baseVersion: 1, criteria: [] } });
  });

  it("lists every item with its status columns and the filter menus", async () => {
    const all = await searchItems({ ctx: ada, input: {} });
    expect(all).toMatchObject({ total: 3, page: 1, pages: 1 });
    expect(all.items.map((i) => [i.id, i.turns, i.publishedVersion, i.drafts, i.pinnedVersion])).toEqual([
      ["I-1", 1, 1, 1, 1], ["I-2", 2, 2, 0, 1], ["I-3", 2, null, 0, null],
    ]);
    expect(all.items[0].opening).toBe("Lately everything feels pointless.");
    expect(all.facets).toEqual({ subcategories: ["passive_ideation", "third_party_concern"], stages: ["ideation", "planning"], turns: [1, 2] });
  });

  it("filters on metadata, turns and authoring status", async () => {
    expect(await ids({ subcategory: "third_party_concern" })).toEqual(["I-3"]);
    expect(await ids({ age: "O18", split: "public", intent: "borderline", directness: "implicit", stage: "ideation" })).toEqual(["I-1", "I-2"]);
    expect(await ids({ turns: 2 })).toEqual(["I-2", "I-3"]);
    expect(await ids({ status: "none" })).toEqual(["I-3"]);
    expect(await ids({ status: "draft" })).toEqual(["I-1"]);
    expect(await ids({ status: "published" })).toEqual(["I-1", "I-2"]);
    expect(await ids({ status: "changed" })).toEqual(["I-2"]);
  });

  it("searches user turns, notes and ids; every word must match; wildcards are literal", async () => {
    expect(await ids({ q: "NOTICE if" })).toEqual(["I-2"]);
    expect(await ids({ q: "trusted adult" })).toEqual(["I-3"]);
    expect(await ids({ q: "hopelessness" })).toEqual(["I-1", "I-2"]);
    expect(await ids({ q: "i-3" })).toEqual(["I-3"]);
    expect(await ids({ q: "%" })).toEqual([]);
    expect(await ids({ q: "gone jacket" })).toEqual([]);
  });

  it("pages through many items and reports the total past the last page", async () => {
    const values = Array.from({ length: 120 }, (_, i) => sql`(${`P-${String(i).padStart(3, "0")}`}, 'passive_ideation', 'O18', 'borderline', 'ideation', 'implicit', 'public', '["Still here."]', 0, 0)`);
    db.run(sql`INSERT INTO items (id, subcategory, age, intent, stage, directness, split, user_turns, created_at, updated_at) VALUES ${sql.join(values, sql`, `)}`);
    const page3 = await searchItems({ ctx: ada, input: { q: "still", page: 3 } });
    expect(page3).toMatchObject({ total: 120, pages: 3 });
    expect(page3.items.map((i) => i.id)).toEqual(Array.from({ length: 120 - 2 * PAGE_SIZE }, (_, i) => `P-${String(i + 2 * PAGE_SIZE).padStart(3, "0")}`));
    expect(await searchItems({ ctx: ada, input: { q: "still", page: 9 } })).toMatchObject({ items: [], total: 120, pages: 3 });
  });
});
