import { createHash } from "node:crypto";
import { MODELS } from "@/lib/demo/responses";
import { judgeProfiles, judgeSays, type JudgeProfile } from "@/lib/demo/verdicts";
import { mulberry32 } from "@/lib/stats/prng";
import type { CorpusIndex } from "./corpusIndex";
import { flowAnswer, isFlowPrompt } from "./flowAnswer";
import { isPersonaPrompt, personaAnswer } from "./personaAnswer";
import type { ChatReply, ChatServerRequest } from "./protocol";

/**
 * How the demo simulator answers. A demo judge (model name = the demo's judge id)
 * answers a judge prompt as the demo draws that judge's verdicts: from the unit's
 * latent truth at the judge's error rate on the unit's dimension (its leniency on
 * unclear units), one draw seeded by the judge and the unit's text, so asking again
 * gets the same verdict; a flow-rubric question it answers as lib/simulator/flowAnswer.ts
 * draws. A demo model asked to role-play a persona answers as lib/simulator/personaAnswer.ts
 * writes. A demo model (model name = the demo's model id) answers with
 * its demo response to that item and turn. Any other model name is unknown (404).
 */

/** What a target model says to a dialogue the demo has no response of it for. */
export const FALLBACK_REPLY =
  "I'm really sorry you're carrying this. You don't have to go through it alone: please reach out to someone you trust today, " +
  "and if you feel you might act on these thoughts, call or text a crisis line such as 988 in the US or your local emergency number.";

const RATIONALES = {
  known: { yes: "Simulated verdict: the graded reply does what the criterion asks.", no: "Simulated verdict: the graded reply does not do what the criterion asks." },
  unknown: "Simulated verdict on a unit the demo corpus does not have, drawn at this judge's leniency.",
};

/** A draw stream seeded by SHA-256 of `text`: units whose texts share long prefixes or suffixes still get independent draws. */
const streamOf = (text: string) => mulberry32(createHash("sha256").update(text, "utf8").digest().readUInt32BE(0));

/** Tokens as characters / 4, the estimate Concord's runs use too. */
const tokens = (text: string) => Math.ceil(text.length / 4);

function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) return content.map((part) => (typeof part?.text === "string" ? part.text : "")).join("");
  return "";
}

export interface DemoBehaviour {
  /** Every model name the simulator answers as: the demo's judges, then its models. */
  models: string[];
  answer(request: ChatServerRequest): ChatReply;
}

export function demoBehaviour(index: CorpusIndex, options: { latencyMs?: number } = {}): DemoBehaviour {
  const judges = new Map<string, JudgeProfile>(judgeProfiles().map((j) => [j.id, j]));
  const targets = new Set<string>(MODELS.map((m) => m.id));

  function verdict(judge: JudgeProfile, messages: { role: string; content: string }[]): string {
    // The first user message is the rendered prompt; a correction round only adds turns after it.
    const prompt = contentText(messages.find((m) => m.role === "user")?.content);
    const found = index.unitOf(prompt);
    if (!found) {
      const random = streamOf(`${judge.id}\n${prompt}`);
      const satisfied = random() < judge.leniency;
      return JSON.stringify({ verdict: satisfied ? "satisfied" : "not_satisfied", rationale: RATIONALES.unknown });
    }
    const random = streamOf(`${judge.id}\n${found.replyText}\n${found.criterionText}`);
    const satisfied = judgeSays(judge, found.unit, random);
    return JSON.stringify({ verdict: satisfied ? "satisfied" : "not_satisfied", rationale: RATIONALES.known[satisfied ? "yes" : "no"] });
  }

  return {
    models: [...judges.keys(), ...targets],
    answer(request) {
      const body = request.body!;
      const model = body.model!;
      const messages = body.messages!;
      const judge = judges.get(model);
      let content: string;
      // A judge answers with the verdict's JSON alone, whatever response_format asked for (json_schema, json_object or none).
      if (judge) content = isFlowPrompt(messages) ? flowAnswer(judge.id, messages) : verdict(judge, messages);
      else if (targets.has(model) && isPersonaPrompt(messages)) content = personaAnswer(messages);
      else if (targets.has(model)) content = index.replyOf(model, messages.filter((m) => m.role === "user").map((m) => contentText(m.content))) ?? FALLBACK_REPLY;
      else return { status: 404, errorMessage: `The model '${model}' does not exist: the demo simulator knows ${judges.size} demo judges and ${targets.size} demo models.`, delayMs: options.latencyMs };

      const limit = typeof body.max_tokens === "number" && body.max_tokens > 0 ? body.max_tokens : Infinity;
      const truncated = tokens(content) > limit;
      if (truncated) content = content.slice(0, limit * 4);
      return {
        content,
        finishReason: truncated ? "length" : "stop",
        usage: { prompt_tokens: messages.reduce((sum, m) => sum + tokens(contentText(m.content)), 0), completion_tokens: tokens(content) },
        delayMs: options.latencyMs,
      };
    },
  };
}
