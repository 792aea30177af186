import { describe, expect, it } from "vitest";
import { DEFAULT_SUPPORT, dialable, parseSupportFile } from "./resources";

describe("support resources", () => {
  it("reads a region's services and makes numbers dialable", () => {
    const text = JSON.stringify({ region: "Germany", services: [{ name: "TelefonSeelsorge", phone: "0800 111 0 111", detail: "Any time, free." }] });
    expect(parseSupportFile(text, "support.json")).toEqual({ ok: true, support: { region: "Germany", services: [{ name: "TelefonSeelsorge", phone: "0800 111 0 111", detail: "Any time, free." }] } });
    expect(dialable("+44 (0) 116-123")).toBe("+440116123");
    expect(parseSupportFile(JSON.stringify(DEFAULT_SUPPORT), "x").ok).toBe(true);
  });

  it("names the file, the entry and the field of every problem, capped", () => {
    expect(parseSupportFile("{", "support.json")).toEqual({ ok: false, problems: ["support.json: is not valid JSON"] });
    const bad = { services: [{ name: "" }, { name: "X", phone: "call me", url: "ftp://x" }] };
    expect(parseSupportFile(JSON.stringify(bad), "support.json")).toEqual({
      ok: false,
      problems: [
        "support.json: services.#1.name: must not be empty",
        "support.json: services.#2.phone: must be a phone number: digits, spaces, ( ) - and an optional leading +",
        "support.json: services.#2.url: must be an http(s) address",
      ],
    });
    const many = { services: Array.from({ length: 15 }, () => ({ name: "" })) };
    const result = parseSupportFile(JSON.stringify(many), "s.json");
    expect(result.ok ? [] : result.problems).toHaveLength(11);
  });
});
