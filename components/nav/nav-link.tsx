"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

/** A top-level link that marks itself as the current page (it or any page under it). */
export function NavLink({ href, children }: { href: string; children: string }) {
  const pathname = usePathname();
  const current = pathname === href || pathname.startsWith(`${href}/`);
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
