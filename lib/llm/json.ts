/**
 * The JSON object in a model's answer. Models without a JSON mode wrap it in code
 * fences, prose or a reasoning block (<think>…</think>), so those are peeled off
 * before parsing. Throws a sentence for the retry message when nothing parses.
 */
export function extractJson(answer: string): unknown {
  const text = answer.replace(/<think>[\s\S]*?<\/think>/gi, "").trim();
  const fenced = /```[a-zA-Z]*\s*([\s\S]*?)```/.exec(text);
  const candidates = [fenced ? fenced[1].trim() : text];
  const start = text.indexOf("{");
  const end = text.lastIndexOf("}");
  if (start >= 0 && end > start) candidates.push(text.slice(start, end + 1));
  for (const candidate of candidates) {
    try {
      return JSON.parse(candidate);
    } catch {
      // try the next way of reading the answer
    }
  }
  throw new Error(text === "" ? "the answer was empty" : "the answer was not a JSON object");
}
