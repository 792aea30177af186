import { z } from "zod";
import { extractJson } from "@/lib/llm/json";

/** The answer a judge is asked for (and the JSON schema sent where the server takes one). */
export const VERDICT_JSON_SCHEMA = {
  name: "verdict",
  strict: true,
  schema: {
    type: "object",
    properties: {
      verdict: { type: "string", enum: ["satisfied", "not_satisfied"] },
      rationale: { type: "string" },
    },
    required: ["verdict", "rationale"],
    additionalProperties: false,
  },
} as const;

const Answer = z.object({
  verdict: z
    .string()
    .transform((v) => v.trim().toLowerCase().replace(/[\s-]+/g, "_"))
    .pipe(z.enum(["satisfied", "not_satisfied"], { error: 'must be "satisfied" or "not_satisfied"' })),
  rationale: z.string({ error: "must be a sentence" }).trim().min(1, "must not be empty").max(2000, "must be one sentence (at most 2000 characters)"),
});

export type ParsedVerdict = { ok: true; verdict: boolean; rationale: string } | { ok: false; problem: string };

/** Reads a judge's answer; a problem is a sentence for the retry message and the call's last error. */
export function parseVerdict(content: string, truncated = false): ParsedVerdict {
  if (truncated) return { ok: false, problem: "the answer was cut off by the token limit" };
  let json: unknown;
  try {
    json = extractJson(content);
  } catch (error) {
    return { ok: false, problem: (error as Error).message };
  }
  const parsed = Answer.safeParse(json);
  if (!parsed.success) {
    return { ok: false, problem: parsed.error.issues.map((i) => `${i.path.join(".") || "answer"}: ${i.message}`).join("; ").slice(0, 300) };
  }
  return { ok: true, verdict: parsed.data.verdict === "satisfied", rationale: parsed.data.rationale };
}
