import "server-only";
import { Invalid } from "@/lib/server/errors";

/** Route params of the item routes; ids are decoded here once (they never hold a `%`). */
export type ItemRoute = { params: Promise<{ id: string }> };

export async function itemIdOf({ params }: ItemRoute): Promise<string> {
  const raw = (await params).id;
  try {
    return decodeURIComponent(raw);
  } catch {
    throw new Invalid("The item id in the address is not valid.");
  }
}
