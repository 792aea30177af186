import Link from "next/link";

export interface Tab {
  href: string;
  label: string;
  current: boolean;
}

/** A row of tabs over a group of pages; the caller says which one is current. */
export function TabBar({ label, tabs }: { label: string; tabs: Tab[] }) {
  return (
    <nav aria-label={label} className="mb-8 border-b border-slate-200">
      <ul className="-mb-px flex flex-wrap gap-1">
        {tabs.map((tab) => (
          <li key={tab.href}>
            <Link
              href={tab.href}
              aria-current={tab.current ? "page" : undefined}
              className={`inline-block border-b-2 px-4 py-2 text-sm font-medium ${
                tab.current ? "border-accent text-accent-strong" : "border-transparent text-slate-700 hover:border-slate-300 hover:text-slate-900"
              }`}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
