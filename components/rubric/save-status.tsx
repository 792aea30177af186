import type { SaveStatus } from "./use-autosave";

/** The draft's save state, announced politely to screen readers. */
export function SaveStatusLine({ status, unsaved }: { status: SaveStatus; unsaved: boolean }) {
  const waiting = unsaved ? "Unsaved changes; saving in a moment…" : null;
  const text = {
    idle: waiting ?? "",
    saving: "Saving your draft…",
    saved: waiting ?? "All changes saved as your draft.",
    blocked: status.kind === "blocked" ? `Not saved yet: ${status.message}` : "",
    failed: status.kind === "failed" ? `Not saved: ${status.message}${status.issues.length ? ` (${status.issues.join("; ")})` : ""}` : "",
  }[status.kind];
  const tone = status.kind === "failed" || status.kind === "blocked" ? "text-red-800" : "text-slate-700";
  return (
    <p role="status" className={`min-h-6 text-sm ${tone}`}>
      {text}
    </p>
  );
}
