"use server";

import { revalidatePath } from "next/cache";
import { act } from "@/lib/auth/respond";
import { createItem } from "@/lib/server/authoring/createItem";
import { duplicateItem } from "@/lib/server/authoring/duplicateItem";
import type { CreateItemInput, DuplicateItemInput } from "@/lib/server/authoring/schema";

// Public endpoints: each service checks the author role and parses its input itself.

export async function createItemAction(input: CreateItemInput) {
  return act(async (ctx) => {
    const created = await createItem({ ctx, input });
    revalidatePath("/items");
    return created;
  });
}

export async function duplicateItemAction(input: DuplicateItemInput) {
  return act(async (ctx) => {
    const created = await duplicateItem({ ctx, input });
    revalidatePath("/items");
    return created;
  });
}
