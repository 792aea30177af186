import type { ReactNode } from "react";

const TONES = {
  error: "border-red-200 bg-red-50 text-red-900",
  success: "border-emerald-200 bg-emerald-50 text-emerald-900",
  info: "border-slate-200 bg-white text-slate-700",
} as const;

/**
 * A message box. Errors and successes are announced (`role="alert"` / `role="status"`);
 * info is plain text.
 */
export function Notice({ tone, title, children }: { tone: keyof typeof TONES; title?: string; children?: ReactNode }) {
  const role = tone === "error" ? "alert" : tone === "success" ? "status" : undefined;
  return (
    <div role={role} className={`rounded-md border px-4 py-3 ${TONES[tone]}`}>
      {title ? <p className="font-semibold">{title}</p> : null}
      {children ? <div className={title ? "mt-1" : undefined}>{children}</div> : null}
    </div>
  );
}
