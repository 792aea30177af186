import type { ReactNode } from "react";
import Link from "next/link";
import { ItemTabs } from "@/components/items/item-tabs";
import { AGE_BAND_LABELS, DIRECTNESS_LABELS, INTENT_LABELS, SPLIT_LABELS, stageLabel, subcategoryLabel } from "@/lib/taxonomy";
import { loadItem, type ItemParams } from "./load";

export default async function ItemLayout({ params, children }: ItemParams & { children: ReactNode }) {
  const { item } = await loadItem((await params).id);
  const facts = [subcategoryLabel(item.subcategory), stageLabel(item.stage), AGE_BAND_LABELS[item.age], INTENT_LABELS[item.intent], DIRECTNESS_LABELS[item.directness], `${SPLIT_LABELS[item.split]} split`];
  return (
    <>
      <p className="mb-2 text-sm">
        <Link href="/items" className="text-accent-strong underline">
          All items
        </Link>
      </p>
      <div className="mb-6">
        <h1 className="font-mono text-2xl font-semibold tracking-tight text-slate-900">{item.id}</h1>
        <p className="mt-1 text-slate-600">{facts.join(" · ")}</p>
      </div>
      <ItemTabs itemId={item.id} />
      <div className="mt-6">{children}</div>
    </>
  );
}
