import "server-only";
import { notFound } from "next/navigation";
import { cache } from "react";
import { getCtx, requirePageUser } from "@/lib/auth/ctx";
import { getItemForEditing, type ItemForEditing } from "@/lib/server/authoring/getItemForEditing";
import { NotFound } from "@/lib/server/errors";

export type ItemParams = { params: Promise<{ id: string }> };

/** The item of an item page, read once per request (the layout and the page share it); 404 when there is none. */
export const loadItem = cache(async (rawId: string): Promise<ItemForEditing> => {
  await requirePageUser("author", "lead");
  try {
    return await getItemForEditing({ ctx: await getCtx(), input: { itemId: decodeURIComponent(rawId) } });
  } catch (error) {
    if (error instanceof NotFound) notFound();
    throw error;
  }
});
