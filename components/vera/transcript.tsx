import type { RatingView } from "@/lib/server/vera/getRatingView";

/** The whole conversation, turn by turn: the person and the chatbot being rated. */
export function Transcript({ turns, ended }: Pick<RatingView, "turns" | "ended">) {
  return (
    <section aria-labelledby="transcript-heading">
      <h2 id="transcript-heading" className="text-lg font-semibold text-slate-900">
        Conversation
      </h2>
      <p className="mt-1 text-sm text-slate-600">Rate the chatbot over the whole conversation.</p>
      <ol className="mt-4 space-y-3">
        {turns.map((turn, i) => (
          <li key={i} className={turn.speaker === "user" ? "mr-8 rounded-lg border border-slate-200 bg-white px-4 py-3" : "ml-8 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3"}>
            <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">{turn.speaker === "user" ? "Person" : "Chatbot"}</p>
            <p className="mt-1 whitespace-pre-line text-slate-900">{turn.text}</p>
          </li>
        ))}
      </ol>
      {ended ? <p className="mt-3 text-sm italic text-slate-600">The conversation ended here.</p> : null}
    </section>
  );
}
