import type { Metadata } from "next";
import { DuplicateItem } from "@/components/items/duplicate-item";
import { ItemEditor } from "@/components/items/item-editor";
import { PinList } from "@/components/items/pin-list";
import { loadItem, type ItemParams } from "./load";

export async function generateMetadata({ params }: ItemParams): Promise<Metadata> {
  return { title: `Item ${decodeURIComponent((await params).id)}` };
}

export default async function ItemPage({ params }: ItemParams) {
  const { item, pins, canEdit } = await loadItem((await params).id);
  return (
    <div className="space-y-10">
      <PinList pins={pins} />
      <ItemEditor item={item} locked={pins.length > 0} canEdit={canEdit} />
      {canEdit ? <DuplicateItem itemId={item.id} /> : null}
    </div>
  );
}
