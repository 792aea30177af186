/** What a key does on the labeling screen. */
export type LabelingAction =
  | "next-criterion"
  | "previous-criterion"
  | "satisfied"
  | "not-satisfied"
  | "rationale"
  | "next-response"
  | "previous-response"
  | "help";

/** The keyboard map, in the order the `?` overlay lists it. */
export const SHORTCUTS: readonly { keys: readonly string[]; action: LabelingAction; description: string }[] = [
  { keys: ["↓", "J"], action: "next-criterion", description: "Next criterion" },
  { keys: ["↑", "K"], action: "previous-criterion", description: "Previous criterion" },
  { keys: ["Y", "1"], action: "satisfied", description: "Satisfied (then moves to the next criterion)" },
  { keys: ["N", "2"], action: "not-satisfied", description: "Not satisfied (then moves to the next criterion)" },
  { keys: ["R"], action: "rationale", description: "Write a rationale for the current criterion (Enter saves, Esc cancels)" },
  { keys: ["→", "]"], action: "next-response", description: "Next response" },
  { keys: ["←", "["], action: "previous-response", description: "Previous response" },
  { keys: ["?"], action: "help", description: "Show or hide these shortcuts" },
];

const BY_KEY: Record<string, LabelingAction> = {
  ArrowDown: "next-criterion",
  j: "next-criterion",
  ArrowUp: "previous-criterion",
  k: "previous-criterion",
  y: "satisfied",
  "1": "satisfied",
  n: "not-satisfied",
  "2": "not-satisfied",
  r: "rationale",
  ArrowRight: "next-response",
  "]": "next-response",
  ArrowLeft: "previous-response",
  "[": "previous-response",
  "?": "help",
};

/**
 * The action of a key press, or null. Presses with Ctrl, Alt or Meta belong to the
 * browser and the screen reader, never to us.
 */
export function actionFor(event: { key: string; ctrlKey: boolean; altKey: boolean; metaKey: boolean }): LabelingAction | null {
  if (event.ctrlKey || event.altKey || event.metaKey) return null;
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  return BY_KEY[key] ?? null;
}
