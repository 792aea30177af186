import Link from "next/link";
import { areasFor } from "@/lib/auth/areas";
import type { SessionUser } from "@/lib/server/context";
import { NavLink } from "./nav-link";
import { SignOutButton } from "./sign-out-button";

export function TopNav({ user }: { user: SessionUser }) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-6 gap-y-2 px-6 py-3">
        <Link href="/" className="text-lg font-semibold tracking-tight text-accent-strong">
          Concord
        </Link>
        <nav aria-label="Main" className="flex flex-1 flex-wrap items-center gap-1">
          {areasFor(user.roles).map((area) => (
            <NavLink key={area.href} href={area.href}>
              {area.label}
            </NavLink>
          ))}
        </nav>
        <div className="flex items-center gap-2">
          <NavLink href="/support">Support for you</NavLink>
          <span className="hidden text-sm text-slate-600 sm:inline" title={user.email}>
            {user.name}
          </span>
          <SignOutButton />
        </div>
      </div>
    </header>
  );
}
