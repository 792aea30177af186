import type { LabelingView } from "@/lib/server/labeling/getLabelingView";

/**
 * The whole dialogue, every user and assistant turn in order, with the last
 * assistant turn marked as the one being graded.
 */
export function Dialogue({ turns, age }: Pick<LabelingView, "turns" | "age">) {
  const graded = turns.findLastIndex((turn) => turn.speaker === "assistant");
  return (
    <section aria-labelledby="dialogue-heading">
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
