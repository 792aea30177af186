"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

/** The tab bar of a calibration set's pages. */
export function SetTabs({ setId }: { setId: number }) {
  const pathname = usePathname();
  const base = `/calibration/sets/${setId}`;
  const tabs = [
    { href: base, label: "Overview" },
    { href: `${base}/judges`, label: "Judges" },
    { href: `${base}/report`, label: "Report" },
    { href: `${base}/freeze`, label: "Freeze" },
  ];
  return (
    <nav aria-label="Calibration set" className="mb-8 border-b border-slate-200">
      <ul className="-mb-px flex flex-wrap gap-1">
        {tabs.map((tab) => {
          const current = tab.href === base ? pathname === base : pathname === tab.href || pathname.startsWith(`${tab.href}/`);
          return (
            <li key={tab.href}>
              <Link
                href={tab.href}
                aria-current={current ? "page" : undefined}
                className={`inline-block border-b-2 px-4 py-2 text-sm font-medium ${
                  current ? "border-accent text-accent-strong" : "border-transparent text-slate-700 hover:border-slate-300 hover:text-slate-900"
                }`}
              >
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
