import { describe, expect, it } from "vitest";
import { llmConfig, LLM_SETUP_HINT } from "./config";

describe("llmConfig", () => {
  it("is null when no model is configured, and the hint names every variable", () => {
    expect(llmConfig({})).toBeNull();
    expect(llmConfig({ CONCORD_LLM_BASE_URL: "", CONCORD_LLM_MODEL: " " })).toBeNull();
    for (const name of ["CONCORD_LLM_BASE_URL", "CONCORD_LLM_MODEL", "CONCORD_LLM_API_KEY", "CONCORD_LLM_TIMEOUT_MS"]) {
      expect(LLM_SETUP_HINT).toContain(name);
    }
  });

  it("parses a local server without a key, with the default timeout", () => {
    expect(llmConfig({ CONCORD_LLM_BASE_URL: "http://localhost:11434/v1", CONCORD_LLM_MODEL: "llama3.1" })).toEqual({
      baseUrl: "http://localhost:11434/v1",
      apiKey: null,
      model: "llama3.1",
      timeoutMs: 30_000,
    });
  });

  it("parses a hosted API with a key and a timeout", () => {
    const config = llmConfig({
      CONCORD_LLM_BASE_URL: "https://api.example.com/v1",
      CONCORD_LLM_MODEL: "drafter",
      CONCORD_LLM_API_KEY: "sk-1",
      CONCORD_LLM_TIMEOUT_MS: "45000",
    });
    expect(config).toMatchObject({ apiKey: "sk-1", timeoutMs: 45_000 });
  });

  it("refuses half or malformed settings with a sentence naming the variable", () => {
    expect(() => llmConfig({ CONCORD_LLM_MODEL: "drafter" })).toThrow(
      "The model settings are incomplete: CONCORD_LLM_BASE_URL is not set.",
    );
    expect(() => llmConfig({ CONCORD_LLM_BASE_URL: "localhost:8000", CONCORD_LLM_MODEL: "m" })).toThrow(
      "CONCORD_LLM_BASE_URL: must be an http(s) URL such as http://localhost:11434/v1",
    );
    expect(() =>
      llmConfig({ CONCORD_LLM_BASE_URL: "http://localhost:8000/v1", CONCORD_LLM_MODEL: "m", CONCORD_LLM_TIMEOUT_MS: "soon" }),
    ).toThrow(/CONCORD_LLM_TIMEOUT_MS/);
  });
});
