"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { ActionResult } from "@/lib/auth/respond";

export type SaveStatus =
  | { kind: "idle" }
  | { kind: "saving" }
  | { kind: "saved" }
  | { kind: "blocked"; message: string }
  | { kind: "failed"; message: string; issues: string[] };

interface Autosave<V, R> {
  value: V;
  /** Counts the person's edits; a change schedules a save. */
  edits: number;
  /** Why the value cannot be saved yet (a field a draft cannot hold), or null. */
  blocker: (value: V) => string | null;
  save: (value: V) => Promise<ActionResult<R>>;
  onSaved: (saved: V, result: R) => void;
}

const DELAY_MS = 700;

/**
 * Saves a draft shortly after each edit, one save at a time, so no save overtakes
 * another. `flush()` saves now and tells whether everything is saved (publishing waits
 * on it); `unsaved` says whether edits are waiting. Leaving the page with unsaved edits
 * asks first.
 */
export function useAutosave<V, R>(options: Autosave<V, R>) {
  const [status, setStatus] = useState<SaveStatus>({ kind: "idle" });
  const current = useRef(options);
  const savedEdits = useRef(options.edits);
  const [saved, setSaved] = useState(options.edits);
  const queue = useRef<Promise<boolean>>(Promise.resolve(true));
  useEffect(() => {
    current.current = options;
  });

  const flush = useCallback((): Promise<boolean> => {
    queue.current = queue.current.then(async () => {
      const { value, edits, blocker, save, onSaved } = current.current;
      if (edits === savedEdits.current) return true;
      const blocked = blocker(value);
      if (blocked) {
        setStatus({ kind: "blocked", message: blocked });
        return false;
      }
      setStatus({ kind: "saving" });
      const result = await save(value);
      if (!result.ok) {
        setStatus({ kind: "failed", message: result.error, issues: result.issues });
        return false;
      }
      savedEdits.current = edits;
      setSaved(edits);
      onSaved(value, result.data);
      setStatus({ kind: current.current.edits === edits ? "saved" : "saving" });
      return true;
    });
    return queue.current;
  }, []);

  useEffect(() => {
    if (options.edits === savedEdits.current) return;
    const timer = setTimeout(() => void flush(), DELAY_MS);
    return () => clearTimeout(timer);
  }, [options.edits, flush]);

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (current.current.edits !== savedEdits.current) event.preventDefault();
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, []);

  return { status, flush, unsaved: options.edits !== saved };
}
