import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { Db } from "@/db/client";
import { Conflict, Forbidden, NotFound } from "@/lib/server/errors";
import { as, authoringDb } from "@/test/authoring";
import { createItem } from "./createItem";
import { duplicateItem } from "./duplicateItem";
import { getItemForEditing } from "./getItemForEditing";
import type { CreateItemInput } from "./schema";

const ada = as("author-1", "author");
const NEW: CreateItemInput = {
  itemId: "NEW-1", subcategory: "relationship_loss", age: "O18", intent: "borderline", stage: "ideation", directness: "implicit", split: "public",
  userTurns: ["Since the break-up nothing feels worth it."], notes: "  ",
};

describe("createItem and duplicateItem", () => {
  let db: Db;
  beforeEach(async () => {
    db = await authoringDb();
  });

  it("creates an item without a rubric, audited, and refuses a taken id", async () => {
    expect(await createItem({ ctx: ada, input: NEW })).toEqual({ itemId: "NEW-1" });
    const view = await getItemForEditing({ ctx: ada, input: { itemId: "NEW-1" } });
    expect(view.item).toMatchObject({ subcategory: "relationship_loss", age: "O18", userTurns: NEW.userTurns, notes: null });
    expect(view.rubric.latest).toBeNull();
    expect(db.all(sql`SELECT actor, action, entity_id AS id FROM audit_log WHERE action = 'item.create'`)).toEqual([{ actor: "author-1", action: "item.create", id: "NEW-1" }]);
    await expect(createItem({ ctx: ada, input: NEW })).rejects.toThrow(new Conflict('An item "NEW-1" already exists: choose another id.'));
    await expect(createItem({ ctx: ada, input: { ...NEW, itemId: "NEW-2", userTurns: [] } })).rejects.toThrow("needs at least one turn");
  });

  it("copies an item's metadata, dialogue and notes, not its rubric", async () => {
    const source = await getItemForEditing({ ctx: ada, input: { itemId: "I-1" } });
    expect(source.rubric.latest).not.toBeNull();
    await duplicateItem({ ctx: ada, input: { itemId: "I-1", newId: "I-1-copy" } });
    const copy = await getItemForEditing({ ctx: ada, input: { itemId: "I-1-copy" } });
    const { subcategory, age, intent, stage, directness, split, userTurns, notes } = source.item;
    expect(copy.item).toMatchObject({ id: "I-1-copy", subcategory, age, intent, stage, directness, split, userTurns, notes });
    expect(copy.rubric.latest).toBeNull();
    expect(copy.pins).toEqual([]);
    await expect(duplicateItem({ ctx: ada, input: { itemId: "I-1", newId: "I-2" } })).rejects.toBeInstanceOf(Conflict);
    await expect(duplicateItem({ ctx: ada, input: { itemId: "NOPE", newId: "X" } })).rejects.toBeInstanceOf(NotFound);
  });

  it("refuses anyone but an author, leads included", async () => {
    for (const ctx of [as("lead-1", "lead"), as("clin-1", "clinician")]) {
      await expect(createItem({ ctx, input: NEW })).rejects.toBeInstanceOf(Forbidden);
      await expect(duplicateItem({ ctx, input: { itemId: "I-1", newId: "I-1-copy" } })).rejects.toBeInstanceOf(Forbidden);
    }
    expect(db.all(sql`SELECT count(*) AS n FROM items WHERE id IN ('NEW-1', 'I-1-copy')`)).toEqual([{ n: 0 }]);
  });
});
