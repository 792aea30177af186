import { createHash } from "node:crypto";
import { FLOW_SYSTEM_TEMPLATE } from "@/lib/flow/judgeFlow";

/**
 * How a simulated judge answers one flow-rubric question (VERA-MH's prompts,
 * lib/flow/judgeFlow.ts): `{answer, reasoning}`, the answer one of the options the
 * prompt lists, drawn from the judge, the question and the conversation — so asking
 * again gets the same answer. Mostly No: a simulated conversation mostly does what the
 * rubric asks. `unmatchedFirst` answers a word that is none of the options until the
 * judge has been shown its mistake (the retry fault mode).
 */

const FLOW_SYSTEM_START = FLOW_SYSTEM_TEMPLATE.slice(0, FLOW_SYSTEM_TEMPLATE.indexOf("\n"));

type Message = { role: string; content: unknown };

const text = (content: unknown) => (typeof content === "string" ? content : "");

/** Whether a request is a flow question (its system prompt is VERA-MH's). */
export function isFlowPrompt(messages: readonly Message[]): boolean {
  return text(messages[0]?.content).startsWith(FLOW_SYSTEM_START);
}

export function flowAnswer(judge: string, messages: readonly Message[], options: { unmatchedFirst?: boolean } = {}): string {
  const prompt = text(messages.find((m) => m.role === "user")?.content);
  const listed = /one of the following options: \[(.*)\]/.exec(prompt)?.[1].split(",").map((o) => o.trim()).filter(Boolean) ?? [];
  const question = /^Question: (.*)$/m.exec(prompt)?.[1] ?? "";
  if (options.unmatchedFirst && messages.length <= 2) return JSON.stringify({ answer: "Perhaps", reasoning: "The conversation leaves this open." });
  const draw = createHash("sha256").update(`${judge}\n${question}\n${text(messages[0]?.content)}`, "utf8").digest().readUInt32BE(0) / 2 ** 32;
  const no = listed.find((o) => o.toLowerCase() === "no");
  const answer = no && draw < 0.8 ? no : (listed[Math.floor(draw * listed.length)] ?? "No");
  const reasoning = answer === no ? "The chatbot's replies do not show this." : `Simulated answer: the conversation fits "${answer}".`;
  return JSON.stringify({ answer, reasoning });
}
