import { RATIONALE_MAX, type LabelRecord, type VerdictRecord } from "./schema";

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
  if (hasRationale && (typeof json.rationale !== "string" || (kind === "label" && json.rationale.length > RATIONALE_MAX))) return null;
  if (keys !== (hasRationale || "rationale" in json ? 6 : 5)) return null;
  if (!isId(json[who]) || !isId(json.response) || !isId(json.criterion)) return null;
  return json as unknown as LabelRecord | VerdictRecord;
}

const ID_PART = "([A-Za-z0-9._:-]{1,128})";
const RATIONALE_PART = '(?:,"rationale":"([^"\\\\\\u0000-\\u001f]*)")?';
// sticky: matched at a line's start inside the whole text, through the end of the line and its newline
const LINE_END = "[^\\S\\n]*(?:\\n|$)";
const VERDICT_LINE = new RegExp(`\\{"kind":"verdict","judge":"${ID_PART}","response":"${ID_PART}","criterion":"${ID_PART}","verdict":(true|false|null)${RATIONALE_PART}\\}${LINE_END}`, "y");
const LABEL_LINE = new RegExp(`\\{"kind":"label","rater":"${ID_PART}","response":"${ID_PART}","criterion":"${ID_PART}","verdict":(true|false)${RATIONALE_PART}\\}${LINE_END}`, "y");

/**
 * The label or verdict on the line of `text` starting at `start` when it has the exact
 * compact shape Concord and the reference tools write (keys in FORMAT.md order, no
 * spaces, a rationale without escapes), read with one regular expression instead of
 * JSON.parse, and where the next line starts; null for anything else, which then goes
 * through JSON.parse and the schema (the same record either way: a test holds the two
 * together). Bundles are nearly all such lines. `intern` gives one string per id.
 */
export function fastUnitLine(text: string, start: number, intern: (id: string) => string = (id) => id): { record: LabelRecord | VerdictRecord; next: number } | null {
  // '{"kind":"' is 9 characters; then "v"erdict or "l"abel
  const kind = text.charCodeAt(start + 9);
  const pattern = kind === 118 ? VERDICT_LINE : kind === 108 ? LABEL_LINE : null;
  if (pattern === null) return null;
  pattern.lastIndex = start;
  const match = pattern.exec(text);
  if (match === null) return null;
  const [, whoRaw, responseRaw, criterionRaw, literal, rationale] = match;
  if (kind === 108 && rationale !== undefined && rationale.length > RATIONALE_MAX) return null;
  const who = intern(whoRaw);
  const response = intern(responseRaw);
  const criterion = intern(criterionRaw);
  const verdict = literal === "null" ? null : literal === "true";
  const record = kind === 118
    ? { kind: "verdict" as const, judge: who, response, criterion, verdict }
    : { kind: "label" as const, rater: who, response, criterion, verdict: verdict as boolean };
  if (rationale !== undefined) (record as { rationale?: string }).rationale = rationale;
  return { record, next: start + match[0].length };
}
