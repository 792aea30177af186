import Link from "next/link";
import { secondaryButtonClass } from "@/components/ui/styles";

export function Pagination({ filters, page, pages }: { filters: Record<string, string>; page: number; pages: number }) {
  if (pages <= 1) return null;
  const href = (to: number) => `/items?${new URLSearchParams({ ...filters, page: String(to) })}`;
  return (
    <nav aria-label="Pages" className="flex items-center justify-between">
      {page > 1 ? (
        <Link href={href(page - 1)} className={secondaryButtonClass}>
          Previous page
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-slate-700">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link href={href(page + 1)} className={secondaryButtonClass}>
          Next page
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
