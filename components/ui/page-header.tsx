import type { ReactNode } from "react";

export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-8">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
      {children ? <div className="mt-2 max-w-prose text-slate-600">{children}</div> : null}
    </div>
  );
}
