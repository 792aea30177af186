"use client";

import { useEffect, useRef } from "react";
import type { LabelingView } from "@/lib/server/labeling/getLabelingView";
import { DialogueTurns } from "./dialogue-turns";

/**
 * The whole dialogue, every user and assistant turn in order, with the last
 * assistant turn marked as the one being graded. On wide screens it is a pane of its
 * own that stays in view (scrolling by itself) while the criteria beside it scroll, and
 * it opens on the graded turn.
 */
export function Dialogue({ turns, age }: Pick<LabelingView, "turns" | "age">) {
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
      <div className="mt-4">
        <DialogueTurns turns={turns} gradedRef={gradedTurn} />
      </div>
    </section>
  );
}
