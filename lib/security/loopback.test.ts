import { describe, expect, it } from "vitest";
import { reachableBeyondThisMachine } from "./loopback";

describe("reachableBeyondThisMachine", () => {
  it("is false only on loopback with a loopback public address (or none)", () => {
    for (const host of ["127.0.0.1", "localhost", "::1", "127.0.0.2"]) expect(reachableBeyondThisMachine(host)).toBe(false);
    expect(reachableBeyondThisMachine("127.0.0.1", "http://localhost:3000")).toBe(false);
    expect(reachableBeyondThisMachine("127.0.0.1", "http://[::1]:3000")).toBe(false);
  });

  it("is true on any other address, or behind a proxy with a public name", () => {
    for (const host of ["0.0.0.0", "::", "192.168.1.20", "concord.example.org"]) expect(reachableBeyondThisMachine(host)).toBe(true);
    expect(reachableBeyondThisMachine("127.0.0.1", "https://concord.example.org")).toBe(true);
    expect(reachableBeyondThisMachine("127.0.0.1", "not a url")).toBe(true);
  });
});
