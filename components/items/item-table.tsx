import Link from "next/link";
import type { ItemListing } from "@/lib/server/authoring/searchItems";
import { AGE_BAND_LABELS, stageLabel, subcategoryLabel } from "@/lib/taxonomy";
import { itemPage } from "./api";

function rubricStatus(item: ItemListing): string {
  const drafts = item.drafts > 0 ? `${item.drafts} draft${item.drafts === 1 ? "" : "s"} in progress` : null;
  if (item.publishedVersion === null) return drafts ?? "No rubric yet";
  const changed = item.pinnedVersion !== null && item.publishedVersion > item.pinnedVersion ? ` (calibrated on v${item.pinnedVersion})` : "";
  return [`Published v${item.publishedVersion}${changed}`, drafts].filter(Boolean).join(" · ");
}

export function ItemTable({ items }: { items: ItemListing[] }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Items, with their metadata and rubric status</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className="px-4 py-2.5 font-semibold">Item</th>
            <th scope="col" className="px-4 py-2.5 font-semibold">Opening turn</th>
            <th scope="col" className="px-4 py-2.5 font-semibold">Subcategory and stage</th>
            <th scope="col" className="px-4 py-2.5 font-semibold">Age band</th>
            <th scope="col" className="px-4 py-2.5 text-right font-semibold">Turns</th>
            <th scope="col" className="px-4 py-2.5 font-semibold">Rubric</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {items.map((item) => (
            <tr key={item.id}>
              <th scope="row" className="px-4 py-2.5 font-mono font-medium">
                <Link href={itemPage(item.id)} className="text-accent-strong underline">
                  {item.id}
                </Link>
              </th>
              <td className="max-w-72 px-4 py-2.5 text-slate-700">
                <span className="line-clamp-2">{item.opening}</span>
              </td>
              <td className="px-4 py-2.5">
                {subcategoryLabel(item.subcategory)}
                <span className="block text-slate-600">{stageLabel(item.stage)}</span>
              </td>
              <td className="px-4 py-2.5">{AGE_BAND_LABELS[item.age]}</td>
              <td className="px-4 py-2.5 text-right tabular-nums">{item.turns}</td>
              <td className="px-4 py-2.5">{rubricStatus(item)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
