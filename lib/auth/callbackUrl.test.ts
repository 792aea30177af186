import { describe, expect, it } from "vitest";
import { safeCallbackPath, safeRedirect } from "./callbackUrl";

const FOREIGN = [
  "//evil.example",
  "/\\evil.example",
  "\\/evil.example",
  "/\\\\evil.example",
  "https://evil.example",
  "http:evil.example",
  "javascript:alert(1)",
  "/\t/evil.example",
  "/\n/evil.example",
  "/.//evil.example",
  "///evil.example",
  "evil.example",
  "",
];

describe("safeCallbackPath", () => {
  it.each(FOREIGN)("sends %j home", (value) => {
    expect(safeCallbackPath(value)).toBe("/");
  });

  it("decodes the query string the way the login page receives it", () => {
    const callbackUrl = new URLSearchParams("callbackUrl=%2F%5Cevil.example").get("callbackUrl");
    expect(callbackUrl).toBe("/\\evil.example");
    expect(safeCallbackPath(callbackUrl)).toBe("/");
    expect(safeCallbackPath(new URLSearchParams("c=%2F%2Fevil.example").get("c"))).toBe("/");
  });

  it("keeps local paths with their query and fragment", () => {
    expect(safeCallbackPath("/admin/users")).toBe("/admin/users");
    expect(safeCallbackPath("/items?split=public&q=a%2Fb#top")).toBe("/items?split=public&q=a%2Fb#top");
    expect(safeCallbackPath("/items/%5Cnot-a-slash")).toBe("/items/%5Cnot-a-slash");
  });

  it("ignores what is not a string", () => {
    expect(safeCallbackPath(undefined)).toBe("/");
    expect(safeCallbackPath(["/a", "/b"])).toBe("/");
  });
});

describe("safeRedirect (next-auth's redirect callback)", () => {
  const base = "http://localhost:3000";
  it("never leaves the origin", () => {
    for (const value of FOREIGN) expect(new URL(safeRedirect(value, base)).origin).toBe(base);
    expect(safeRedirect("https://evil.example/login", base)).toBe(base);
    expect(safeRedirect("http://localhost:3001/x", base)).toBe(base);
  });

  it("keeps same-origin addresses and paths", () => {
    expect(safeRedirect("/queue", base)).toBe(`${base}/queue`);
    expect(safeRedirect(`${base}/items?q=1`, base)).toBe(`${base}/items?q=1`);
  });
});
