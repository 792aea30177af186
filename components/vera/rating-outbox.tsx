"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { saveAnswerAction, saveRatingAction } from "@/lib/actions/vera";

/** One rating or answer on its way to the server. */
export type Pending =
  | { kind: "rating"; studyId: number; number: number; dimension: number; category: number }
  | { kind: "answer"; studyId: number; number: number; questionId: string; answer: string };

export type SaveStatus = { state: "idle" | "saving" | "saved" } | { state: "waiting"; count: number } | { state: "failed"; message: string };

const keyOf = (p: Pending) => (p.kind === "rating" ? `${p.number}|d${p.dimension}` : `${p.number}|q${p.questionId}`);
const RETRY_MS = 2_000;

/**
 * Sends ratings and answers one at a time, keeping each in localStorage (per clinician
 * and study) until the server has it: a lost connection or a reload loses nothing, and
 * the next page of the study sends what is left. The server's upserts are idempotent,
 * so sending one twice is harmless. A refusal is shown and dropped, never retried.
 */
export function useRatingOutbox(userId: string, studyId: number) {
  const storageKey = `concord:vera:${userId}:${studyId}`;
  const [status, setStatus] = useState<SaveStatus>({ state: "idle" });
  const sending = useRef(false);
  const read = useCallback((): Record<string, Pending> => {
    try {
      return JSON.parse(localStorage.getItem(storageKey) ?? "{}") as Record<string, Pending>;
    } catch {
      return {};
    }
  }, [storageKey]);
  const write = useCallback((box: Record<string, Pending>) => localStorage.setItem(storageKey, JSON.stringify(box)), [storageKey]);

  const flush = useCallback(async () => {
    if (sending.current) return;
    sending.current = true;
    try {
      for (;;) {
        const box = read();
        const [key, next] = Object.entries(box)[0] ?? [];
        if (!key || !next) break;
        setStatus({ state: "saving" });
        let result;
        try {
          result = next.kind === "rating" ? await saveRatingAction(next) : await saveAnswerAction(next);
        } catch {
          setStatus({ state: "waiting", count: Object.keys(box).length });
          setTimeout(() => void flush(), RETRY_MS);
          return;
        }
        const after = read();
        if (JSON.stringify(after[key]) === JSON.stringify(next)) delete after[key];
        write(after);
        if (!result.ok) {
          setStatus({ state: "failed", message: result.error });
          return;
        }
        setStatus({ state: "saved" });
      }
    } finally {
      sending.current = false;
    }
  }, [read, write]);

  useEffect(() => {
    void flush();
    const online = () => void flush();
    window.addEventListener("online", online);
    return () => window.removeEventListener("online", online);
  }, [flush]);

  const send = useCallback(
    (pending: Pending) => {
      write({ ...read(), [keyOf(pending)]: pending });
      void flush();
    },
    [read, write, flush],
  );
  return { status, send };
}

/** One calm line about the saves, announced politely when it changes. */
export function SaveLine({ status }: { status: SaveStatus }) {
  const text =
    status.state === "saving"
      ? "Saving…"
      : status.state === "saved"
        ? "All your answers are saved."
        : status.state === "waiting"
          ? `${status.count} not saved yet: kept on this device and sent as soon as the server answers.`
          : status.state === "failed"
            ? `Not saved: ${status.message}`
            : "Every answer is saved the moment you give it.";
  return (
    <p role="status" className={`text-sm ${status.state === "failed" || status.state === "waiting" ? "text-red-800" : "text-slate-700"}`}>
      {text}
    </p>
  );
}
