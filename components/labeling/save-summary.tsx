import type { SaveState } from "./label-sync";
import { plural } from "@/lib/wording";

/** One calm line about every verdict of this session: announced politely when it changes. */
export function SaveSummary({ states }: { states: ReadonlyMap<string, SaveState> }) {
  let saving = 0;
  let waiting = 0;
  let failed = 0;
  for (const s of states.values()) {
    if (s.state === "saving") saving++;
    else if (s.state === "retrying") waiting++;
    else if (s.state === "failed") failed++;
  }
  let text = states.size > 0 ? "All your verdicts are saved." : "Every verdict is saved the moment you give it.";
  let tone = "text-slate-700";
  if (failed > 0) {
    text = `${plural(failed, "verdict was", "verdicts were")} not saved: see the message under ${failed === 1 ? "it" : "each"}.`;
    tone = "text-red-800";
  } else if (waiting > 0) {
    text = `${plural(waiting, "verdict is", "verdicts are")} not saved yet. ${waiting === 1 ? "It is" : "They are"} kept on this device and sent as soon as the server answers.`;
    tone = "text-red-800";
  } else if (saving > 0) {
    text = "Saving…";
  }
  return (
    <p role="status" className={`text-sm ${tone}`}>
      {text}
    </p>
  );
}
