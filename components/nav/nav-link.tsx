"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

/** A top-level link that marks itself as the current page (any page under `section`, default `href`). */
export function NavLink({ href, section = href, children }: { href: string; section?: string; children: string }) {
  const pathname = usePathname();
  const current = pathname === section || pathname.startsWith(`${section}/`);
  return (
    <Link
      href={href}
      aria-current={current ? "page" : undefined}
      className={`rounded-md px-3 py-1.5 text-sm font-medium ${
        current ? "bg-accent-soft text-accent-strong" : "text-slate-700 hover:bg-slate-100"
      }`}
    >
      {children}
    </Link>
  );
}
