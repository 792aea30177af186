import type { Metadata } from "next";
import { DuplicateItem } from "@/components/items/duplicate-item";
import { ItemEditor } from "@/components/items/item-editor";
import { ItemFlags } from "@/components/items/item-flags";
import { PinList } from "@/components/items/pin-list";
import { getCtx } from "@/lib/auth/ctx";
import { listItemFlags } from "@/lib/server/authoring/listItemFlags";
import { loadItem, type ItemParams } from "./load";

export async function generateMetadata({ params }: ItemParams): Promise<Metadata> {
  return { title: `Item ${decodeURIComponent((await params).id)}` };
}

export default async function ItemPage({ params }: ItemParams) {
  const { item, pins, canEdit } = await loadItem((await params).id);
  const flags = await listItemFlags({ ctx: await getCtx(), input: { itemId: item.id } });
  return (
    <div className="space-y-10">
      <PinList pins={pins} />
      <ItemFlags flags={flags} />
      <ItemEditor item={item} locked={pins.length > 0} canEdit={canEdit} />
      {canEdit ? <DuplicateItem itemId={item.id} /> : null}
    </div>
  );
}
