"use client";

import { useEffect, useState } from "react";

/**
 * Shown while the engine computes a report on the server: an indeterminate progress
 * bar (the engine does not report partial progress) and the seconds elapsed.
 */
export function Computing({ what }: { what: string }) {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    const started = Date.now();
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 500);
    return () => clearInterval(timer);
  }, []);
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-6">
      <p id="computing-label" className="font-medium text-slate-800">{what}</p>
      <progress aria-labelledby="computing-label" className="mt-3 h-2 w-full accent-[var(--color-accent)]" />
      <p className="mt-2 text-sm text-slate-600" aria-live="off">
        Every panel is scored against the clinician consensus, then bootstrapped and re-ranked without each dimension.
        {seconds > 0 ? ` ${seconds} s so far.` : ""}
      </p>
    </div>
  );
}
