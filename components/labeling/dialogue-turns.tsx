import type { Ref } from "react";
import type { Turn } from "@/lib/labeling/dialogue";

interface Props {
  turns: Turn[];
  gradedRef?: Ref<HTMLLIElement>;
  /** How the graded turn is headed: to the clinician grading it, or to a lead reading it afterwards. */
  gradedLabel?: string;
}

/** A dialogue's turns in order, the last assistant turn marked as the graded one. */
export function DialogueTurns({ turns, gradedRef, gradedLabel = "Assistant — the turn you are grading" }: Props) {
  const graded = turns.findLastIndex((turn) => turn.speaker === "assistant");
  return (
    <ol className="space-y-3">
      {turns.map((turn, i) => {
        const isGraded = i === graded;
        const who = turn.speaker === "user" ? "Person" : isGraded ? gradedLabel : "Assistant";
        return (
          <li
            key={i}
            ref={isGraded ? gradedRef : undefined}
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
  );
}
