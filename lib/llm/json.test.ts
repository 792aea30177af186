import { describe, expect, it } from "vitest";
import { extractJson } from "./json";

describe("extractJson", () => {
  it("reads plain, fenced, prose-wrapped and reasoning-prefixed answers", () => {
    expect(extractJson('{"a":1}')).toEqual({ a: 1 });
    expect(extractJson('```json\n{"a":1}\n```')).toEqual({ a: 1 });
    expect(extractJson('```\n{"a":1}\n```')).toEqual({ a: 1 });
    expect(extractJson('Here is the rubric:\n{"a":1}\nHope this helps.')).toEqual({ a: 1 });
    expect(extractJson('<think>the user wants {json}</think>\n{"a":1}')).toEqual({ a: 1 });
  });

  it("says why nothing could be read", () => {
    expect(() => extractJson("  ")).toThrow("the answer was empty");
    expect(() => extractJson('{"a": [1, 2')).toThrow("the answer was not a JSON object");
  });
});
