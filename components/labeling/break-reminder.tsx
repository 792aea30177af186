"use client";

import Link from "next/link";
import { useCallback, useEffect, useState } from "react";
import { secondaryButtonClass } from "@/components/ui/styles";
import { breakDue, extendStretch, parseStretch } from "@/lib/labeling/stretch";
import { plural } from "@/lib/wording";

const CHECK_EVERY_MS = 30_000;

/**
 * Tracks the current stretch of labeling across pages and tabs (localStorage) and
 * says when a break is due. `recordActivity` is called on every verdict.
 */
export function useBreakReminder(userId: string, minutes: number) {
  const key = `concord:stretch:${userId}`;
  const [due, setDue] = useState(false);
  const check = useCallback(() => setDue(breakDue(parseStretch(localStorage.getItem(key)), Date.now(), minutes)), [key, minutes]);
  useEffect(() => {
    const timer = setInterval(check, CHECK_EVERY_MS);
    return () => clearInterval(timer);
  }, [check]);
  const recordActivity = useCallback(() => {
    localStorage.setItem(key, JSON.stringify(extendStretch(parseStretch(localStorage.getItem(key)), Date.now())));
    check();
  }, [key, check]);
  /** "Keep going": a new stretch starts now. */
  const snooze = useCallback(() => {
    const now = Date.now();
    localStorage.setItem(key, JSON.stringify({ startedAt: now, lastActiveAt: now }));
    setDue(false);
  }, [key]);
  return { due, recordActivity, snooze };
}

export function BreakReminder({ minutes, queueHref, onKeepGoing }: { minutes: number; queueHref: string; onKeepGoing: () => void }) {
  return (
    <section aria-labelledby="break-heading" className="rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sky-950">
      <h2 id="break-heading" className="font-semibold">
        Time for a short break?
      </h2>
      <p className="mt-1 text-sm">
        You have been labeling for about {plural(minutes, "minute")}. This material is heavy; a few minutes away from the screen helps. Your
        verdicts are saved, and you can pick up exactly where you are.
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-3 text-sm">
        <Link href={queueHref} className="font-semibold text-sky-950 underline underline-offset-2">
          Pause and go to my queue
        </Link>
        <Link href="/support" className="font-semibold text-sky-950 underline underline-offset-2">
          Support for you
        </Link>
        <button type="button" onClick={onKeepGoing} className={secondaryButtonClass}>
          Keep going
        </button>
      </div>
    </section>
  );
}
