export interface Turn {
  speaker: "user" | "assistant";
  text: string;
}

/** A response's dialogue in order: each user turn followed by the assistant's answer (empty when it said nothing); the last assistant turn is graded. */
export function dialogueTurns(userTurns: readonly string[], assistantTurns: readonly string[]): Turn[] {
  return userTurns.flatMap((text, i) => [
    { speaker: "user" as const, text },
    { speaker: "assistant" as const, text: assistantTurns[i] ?? "" },
  ]);
}
