import { beforeEach, describe, expect, it } from "vitest";
import { Conflict } from "@/lib/server/errors";
import { as, authoringDb } from "@/test/authoring";
import { getItemForEditing } from "./getItemForEditing";
import { updateItem } from "./updateItem";

const ada = as("author-1", "author");

describe("updateItem", () => {
  beforeEach(async () => {
    await authoringDb();
  });

  it("saves turns and notes, and refuses a save over a newer one", async () => {
    const { item } = await getItemForEditing({ ctx: ada, input: { itemId: "I-3" } });
    const turns = ["She gave me her favourite jacket.", "My friend keeps saying goodbye to people.", "What should I do?"];
    const saved = await updateItem({ ctx: ada, input: { itemId: "I-3", updatedAt: item.updatedAt, userTurns: turns, notes: "  " } });
    expect(saved.updatedAt).toBeGreaterThan(item.updatedAt);
    expect((await getItemForEditing({ ctx: ada, input: { itemId: "I-3" } })).item).toMatchObject({ userTurns: turns, notes: null });
    await expect(updateItem({ ctx: ada, input: { itemId: "I-3", updatedAt: item.updatedAt, userTurns: turns, notes: "Mine" } })).rejects.toBeInstanceOf(Conflict);
  });

  it("validates the turns with the bundle schema", async () => {
    const { item } = await getItemForEditing({ ctx: ada, input: { itemId: "I-3" } });
    await expect(updateItem({ ctx: ada, input: { itemId: "I-3", updatedAt: item.updatedAt, userTurns: [], notes: "" } })).rejects.toThrow("needs at least one turn");
    await expect(updateItem({ ctx: ada, input: { itemId: "I-3", updatedAt: item.updatedAt, userTurns: ["ok", " "], notes: "" } })).rejects.toThrow("must not be empty");
  });

  it("keeps the dialogue of an item in a calibration set, but lets its notes change", async () => {
    const { item } = await getItemForEditing({ ctx: ada, input: { itemId: "I-1" } });
    await expect(updateItem({ ctx: ada, input: { itemId: "I-1", updatedAt: item.updatedAt, userTurns: ["Changed."], notes: "" } })).rejects.toThrow(
      'the item is in the calibration set "Demo calibration"',
    );
    await updateItem({ ctx: ada, input: { itemId: "I-1", updatedAt: item.updatedAt, userTurns: item.userTurns, notes: "Listen for hopelessness and isolation." } });
    expect((await getItemForEditing({ ctx: ada, input: { itemId: "I-1" } })).item.notes).toBe("Listen for hopelessness and isolation.");
  });
});
