"use client";

import { useEffect, useRef } from "react";
import type { LabelingView } from "@/lib/server/labeling/getLabelingView";

/**
 * The whole dialogue, every user and assistant turn in order, with the last
 * assistant turn marked as the one being graded. On wide screens it is a pane of its
 * own that stays in view (scrolling by itself) while the criteria beside it scroll, and
 * it opens on the graded turn.
 */
export function Dialogue({ turns, age }: Pick<LabelingView, "turns" | "age">) {
  const graded = turns.findLastIndex((turn) => turn.speaker === "assistant");
  const pane = useRef<HTMLElement>(null);
  const gradedTurn = useRef<HTMLLIElement>(null);
  useEffect(() => {
    const box = pane.current;
    const turn = gradedTurn.current;
    // Only when the pane scrolls by itself (wide screens): the page's own scroll stays where it is.
    if (box && turn && box.scrollHeight > box.clientHeight) box.scrollTop = turn.offsetTop - box.clientHeight / 4;
  }, []);
  return (
    <section
      ref={pane}
      aria-labelledby="dialogue-heading"
      tabIndex={0}
      className="rounded-lg lg:sticky lg:top-4 lg:max-h-[calc(100vh-2rem)] lg:overflow-y-auto lg:pr-2 focus-visible:outline-2 focus-visible:outline-accent"
    >
      <h2 id="dialogue-heading" className="text-lg font-semibold text-slate-900">
        Dialogue
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        The person writing is {age === "U18" ? "under 18" : "18 or over"}. Grade only the last assistant turn; the earlier turns are context.
      </p>
      <ol className="mt-4 space-y-3">
        {turns.map((turn, i) => {
          const isGraded = i === graded;
          const who = turn.speaker === "user" ? "Person" : isGraded ? "Assistant — the turn you are grading" : "Assistant";
          return (
            <li
              key={i}
              ref={isGraded ? gradedTurn : undefined}
              data-graded={isGraded ? "true" : undefined}
              className={
                turn.speaker === "user"
                  ? "mr-8 rounded-lg border border-slate-200 bg-white px-4 py-3"
                  : isGraded
                    ? "ml-8 rounded-lg border-2 border-accent bg-accent-soft/40 px-4 py-3"
                    : "ml-8 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3"
              }
            >
              <p className={`text-xs font-semibold uppercase tracking-wide ${isGraded ? "text-accent-strong" : "text-slate-600"}`}>{who}</p>
              {turn.text === "" ? (
                <p className="mt-1 italic text-slate-700">This turn is empty: the assistant said nothing.</p>
              ) : (
                <p className="mt-1 whitespace-pre-line text-slate-900">{turn.text}</p>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
