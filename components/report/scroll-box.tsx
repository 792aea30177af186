import type { ReactNode } from "react";

/**
 * The frame of a table that may be wider (or taller) than the page: it scrolls on its
 * own, so it is a focusable, named region a keyboard user can scroll too.
 */
export function ScrollBox({ label, className = "", children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className={`overflow-x-auto rounded-lg border border-slate-200 bg-white ${className}`}>
      {children}
    </div>
  );
}
