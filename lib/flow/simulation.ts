import { createHash } from "node:crypto";
import type { ChatMessage } from "../runs/template";
import { conversationText, type FlowTurn } from "./judgeFlow";
import { TERMINATION_SIGNAL } from "./personas";

/**
 * A simulated conversation (docs/flow.md, "Persona simulation"): a user model
 * role-plays a persona against a target model, the user first, until the user says the
 * termination signal or the target model has answered `maxTurns` times.
 */

export const ENDED_BY_USER = "[CONVERSATION ENDED - user signaled termination]";
export const ENDED_AT_LIMIT = "[CONVERSATION ENDED - maximum turns reached]";
export const endedWithoutAnswer = (speaker: FlowTurn["speaker"]) => `[CONVERSATION ENDED - the ${speaker === "user" ? "user model" : "chatbot"} gave no answer]`;

const normalise = (text: string) => text.replace(/[’‘`]/g, "'").replace(/\s+/g, " ").trim().toLowerCase();

/** Whether a user turn says the termination signal (any case, curly or straight apostrophe). */
export function saysTermination(text: string): boolean {
  return normalise(text).includes(normalise(TERMINATION_SIGNAL).replace(/\.$/, ""));
}

/** Who speaks next, or how the conversation ended. */
export function nextSpeaker(turns: readonly FlowTurn[], maxTurns: number): { speaker: FlowTurn["speaker"] } | { end: string } {
  const last = turns[turns.length - 1];
  if (last?.speaker === "user" && saysTermination(last.text)) return { end: ENDED_BY_USER };
  if (turns.filter((t) => t.speaker === "chatbot").length >= maxTurns) return { end: ENDED_AT_LIMIT };
  return { speaker: last?.speaker === "user" ? "chatbot" : "user" };
}

/**
 * One turn's request messages. The user model sees the persona prompt and the
 * conversation from its side (its own turns as the assistant's, the chatbot's as the
 * user's); the target model its own system prompt and the conversation from its side.
 */
export function turnMessages(speaker: FlowTurn["speaker"], systemPrompt: string, turns: readonly FlowTurn[]): ChatMessage[] {
  return [
    { role: "system", content: systemPrompt },
    ...turns.map((t): ChatMessage => ({ role: t.speaker === speaker ? "assistant" : "user", content: t.text })),
  ];
}

/** The conversation as a VERA-MH transcript file (what `Import conversations` reads). */
export function transcriptText(turns: readonly FlowTurn[], endMarker: string | null): string {
  return `${conversationText(turns)}${endMarker ? `\n\n${endMarker}` : ""}\n`;
}

/** A simulated conversation's id: 6 hex digits, as VERA-MH's; `attempt` > 0 when the first is taken. */
export function simulatedConversationId(seed: string, attempt = 0): string {
  return createHash("sha256").update(`${seed}\n${attempt}`, "utf8").digest("hex").slice(0, 6);
}
