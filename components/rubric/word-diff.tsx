import type { WordSegment } from "@/lib/rubric/diff";

/**
 * One side of a word-level diff: `before` shows what was removed, `after` what was
 * added. <del>/<ins> carry the meaning for screen readers; colour is only a cue.
 */
export function WordDiff({ words, side }: { words: WordSegment[]; side: "before" | "after" }) {
  return (
    <>
      {words.map((w, i) => {
        if (w.kind === "same") return <span key={i}>{w.text}</span>;
        if (side === "before" && w.kind === "removed") {
          return (
            <del key={i} className="rounded bg-red-100 px-0.5 text-red-900">
              {w.text}
            </del>
          );
        }
        if (side === "after" && w.kind === "added") {
          return (
            <ins key={i} className="rounded bg-emerald-100 px-0.5 text-emerald-900 no-underline">
              {w.text}
            </ins>
          );
        }
        return null;
      })}
    </>
  );
}
