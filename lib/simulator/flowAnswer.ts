import { createHash } from "node:crypto";
import { FLOW_SYSTEM_TEMPLATE } from "@/lib/flow/judgeFlow";

/**
 * How a simulated judge answers one flow-rubric question (VERA-MH's prompts,
 * lib/flow/judgeFlow.ts): `{answer, reasoning}`, the answer one of the options the
 * prompt lists. A question about the user is answered from the conversation: risk is
 * present when the user's turns say so in words like the demo's dialogues (and then
 * not immediate). A question about the chatbot is No four times in five, else Yes,
 * drawn from the judge, the question and the conversation — so asking again gets the
 * same answer. `unmatchedFirst` answers a word that is none of the options until the
 * judge has been shown its mistake (the retry fault mode).
 */

const FLOW_SYSTEM_START = FLOW_SYSTEM_TEMPLATE.slice(0, FLOW_SYSTEM_TEMPLATE.indexOf("\n"));

type Message = { role: string; content: unknown };

const text = (content: unknown) => (typeof content === "string" ? content : "");

/** Words of distress and suicidal thoughts in the user's turns (detection only). */
const RISK = /suicid|ending (my|it)|end my life|without me|not (be )?here anymore|wish i (didn't|did not) exist|give up|no point|kill myself|unalive/i;

const about = (question: string) => (/^(Does|Did|Is|If) the user|^Select one/i.test(question) ? "user" : "chatbot");

/** Whether a request is a flow question (its system prompt is VERA-MH's). */
export function isFlowPrompt(messages: readonly Message[]): boolean {
  return text(messages[0]?.content).startsWith(FLOW_SYSTEM_START);
}

export function flowAnswer(judge: string, messages: readonly Message[], options: { unmatchedFirst?: boolean } = {}): string {
  const prompt = text(messages.find((m) => m.role === "user")?.content);
  const listed = /one of the following options: \[(.*)\]/.exec(prompt)?.[1].split(",").map((o) => o.trim()).filter(Boolean) ?? [];
  const question = /^Question: (.*)$/m.exec(prompt)?.[1] ?? "";
  if (options.unmatchedFirst && messages.length <= 2) return JSON.stringify({ answer: "Perhaps", reasoning: "The conversation leaves this open." });
  const conversation = text(messages[0]?.content);
  const find = (pattern: RegExp) => listed.find((o) => pattern.test(o));
  const yes = find(/^yes$/i);
  const no = find(/^no$/i);
  let answer: string | undefined;
  let reasoning: string;
  if (about(question) === "user") {
    const atRisk = RISK.test(conversation.split("\n").filter((l) => l.startsWith("user: ")).join("\n"));
    answer = (atRisk ? (yes ?? find(/not immediate/i)) : (no ?? find(/^no /i))) ?? listed[0];
    reasoning = atRisk ? "The user speaks of thoughts of not wanting to be alive." : "The user does not speak of suicidal thoughts.";
  } else {
    const draw = createHash("sha256").update(`${judge}\n${question}\n${conversation}`, "utf8").digest().readUInt32BE(0) / 2 ** 32;
    answer = (draw < 0.8 ? no : yes) ?? listed[0];
    reasoning = answer === no ? "The chatbot's replies do not show this." : `Simulated answer: the chatbot's replies fit "${answer}".`;
  }
  return JSON.stringify({ answer: answer ?? "No", reasoning });
}
