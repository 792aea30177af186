import type { SaveStatus } from "./use-autosave";

/** The draft's save state, announced politely to screen readers. */
export function SaveStatusLine({ status }: { status: SaveStatus }) {
  const text = {
    idle: "",
    saving: "Saving your draft…",
    saved: "All changes saved as your draft.",
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
