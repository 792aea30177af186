"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { itemPage } from "./api";

const TABS = [
  { path: "", label: "Dialogue and notes" },
  { path: "/rubric", label: "Rubric" },
  { path: "/reference", label: "Reference" },
  { path: "/history", label: "Versions" },
];

export function ItemTabs({ itemId }: { itemId: string }) {
  const pathname = usePathname();
  return (
    <nav aria-label="Item" className="flex flex-wrap gap-1 border-b border-slate-200">
      {TABS.map((tab) => {
        const href = itemPage(itemId, tab.path);
        const current = decodeURIComponent(pathname) === decodeURIComponent(href);
        return (
          <Link
            key={tab.path}
            href={href}
            aria-current={current ? "page" : undefined}
            className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium ${current ? "border-accent text-accent-strong" : "border-transparent text-slate-700 hover:text-slate-900"}`}
          >
            {tab.label}
          </Link>
        );
      })}
    </nav>
  );
}
