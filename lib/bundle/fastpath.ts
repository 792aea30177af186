import type { LabelRecord, VerdictRecord } from "./schema";

/**
 * Labels and verdicts are nearly every line of a calibration bundle, so they get a
 * hand-written check that accepts exactly what the zod schemas accept (a test holds
 * the two together). Anything it does not accept goes through zod, which also
 * explains what is wrong.
 */
const ID = /^[A-Za-z0-9._:-]{1,128}$/;

const isId = (value: unknown): value is string => typeof value === "string" && ID.test(value);

export function fastLabelOrVerdict(json: Record<string, unknown>): LabelRecord | VerdictRecord | null {
  const kind = json.kind;
  let who: string;
  if (kind === "label") {
    if (typeof json.verdict !== "boolean") return null;
    who = "rater";
  } else if (kind === "verdict") {
    if (typeof json.verdict !== "boolean" && json.verdict !== null) return null;
    who = "judge";
  } else {
    return null;
  }
  let keys = 0;
  for (const key in json) {
    keys++;
    if (key !== "kind" && key !== who && key !== "response" && key !== "criterion" && key !== "verdict" && key !== "rationale") return null;
  }
  const hasRationale = json.rationale !== undefined;
  if (hasRationale && typeof json.rationale !== "string") return null;
  if (keys !== (hasRationale || "rationale" in json ? 6 : 5)) return null;
  if (!isId(json[who]) || !isId(json.response) || !isId(json.criterion)) return null;
  return json as unknown as LabelRecord | VerdictRecord;
}
