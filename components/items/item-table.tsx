import { Notice } from "@/components/ui/notice";
import type { ItemSummary, RubricStatus } from "@/lib/server/items/listItems";
import { AGE_BAND_LABELS, SSH_SUBCATEGORIES } from "@/lib/taxonomy";

const RUBRIC_STATUS: Record<RubricStatus, string> = { none: "No rubric", draft: "Draft only", published: "Published" };

function subcategoryLabel(slug: string): string {
  return SSH_SUBCATEGORIES.find((entry) => entry.slug === slug)?.label ?? slug;
}

function rubricStatus(item: ItemSummary): string {
  if (item.rubricStatus !== "published") return RUBRIC_STATUS[item.rubricStatus];
  return `Published v${item.publishedVersion}${item.hasDraft ? " · draft in progress" : ""}`;
}

export function ItemTable({ items }: { items: ItemSummary[] }) {
  if (items.length === 0) return <Notice tone="info">No items yet. A lead can import a bundle of items.</Notice>;
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Items, with their metadata and rubric status</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className="px-4 py-2.5 font-semibold">Item</th>
            <th scope="col" className="px-4 py-2.5 font-semibold">Subcategory</th>
            <th scope="col" className="px-4 py-2.5 font-semibold">Age band</th>
            <th scope="col" className="px-4 py-2.5 text-right font-semibold">User turns</th>
            <th scope="col" className="px-4 py-2.5 font-semibold">Rubric</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {items.map((item) => (
            <tr key={item.id}>
              <th scope="row" className="px-4 py-2.5 font-mono font-medium text-slate-900">{item.id}</th>
              <td className="px-4 py-2.5">{subcategoryLabel(item.subcategory)}</td>
              <td className="px-4 py-2.5">{AGE_BAND_LABELS[item.age]}</td>
              <td className="px-4 py-2.5 text-right tabular-nums">{item.user_turns.length}</td>
              <td className="px-4 py-2.5">{rubricStatus(item)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
