import type { Metadata } from "next";
import { ItemTable } from "@/components/items/item-table";
import { PageHeader } from "@/components/ui/page-header";
import { getCtx, requirePageUser } from "@/lib/auth/ctx";
import { listItems } from "@/lib/server/items/listItems";

export const metadata: Metadata = { title: "Items" };

export default async function ItemsPage() {
  await requirePageUser("author", "lead");
  const items = await listItems({ ctx: await getCtx() });
  return (
    <>
      <PageHeader title="Items">Every item in the corpus, with its rubric status ({items.length} items).</PageHeader>
      <ItemTable items={items} />
    </>
  );
}
