import { describe, expect, it } from "vitest";
import { refuseApiRequest } from "./forgedRequest";

const ORIGIN = "http://localhost:3000";

function request(method: string, path: string, headers: Record<string, string>) {
  return { method, url: new URL(path, ORIGIN), headers: new Headers({ host: "localhost:3000", ...headers }) };
}

const json = { "content-type": "application/json", "content-length": "12" };

describe("refuseApiRequest", () => {
  it("lets reads through from anywhere", () => {
    expect(refuseApiRequest(request("GET", "/api/bundle/export", { origin: "http://localhost:4000" }))).toBeNull();
    expect(refuseApiRequest(request("HEAD", "/api/items", { origin: "http://evil.example" }))).toBeNull();
  });

  it("refuses a write from another origin, another port of the same host included", () => {
    for (const origin of ["http://localhost:4000", "http://evil.example", "null", "https://localhost:3000"]) {
      expect(refuseApiRequest(request("POST", "/api/bundle/import", { origin, "content-type": "text/plain", "content-length": "5" }))?.status, origin).toBe(403);
    }
    expect(refuseApiRequest(request("PUT", "/api/labels", { ...json, "sec-fetch-site": "same-site" }))?.status).toBe(403);
    expect(refuseApiRequest(request("PUT", "/api/labels", { ...json, "sec-fetch-site": "cross-site" }))?.status).toBe(403);
    expect(refuseApiRequest(request("PUT", "/api/labels", { ...json, referer: "http://localhost:4000/page" }))?.status).toBe(403);
    expect(refuseApiRequest(request("POST", "/api/auth/signout", { origin: "http://evil.example" }))?.status).toBe(403);
  });

  it("refuses a foreign Origin even when Sec-Fetch-Site or Referer claim otherwise", () => {
    expect(refuseApiRequest(request("PUT", "/api/labels", { ...json, origin: "http://evil.example", "sec-fetch-site": "same-origin", referer: `${ORIGIN}/queue` }))?.status).toBe(403);
  });

  it("accepts the site's own pages", () => {
    expect(refuseApiRequest(request("PUT", "/api/labels", { ...json, origin: ORIGIN }))).toBeNull();
    expect(refuseApiRequest(request("PUT", "/api/labels", { ...json, "sec-fetch-site": "same-origin" }))).toBeNull();
    expect(refuseApiRequest(request("PUT", "/api/labels", { ...json, referer: `${ORIGIN}/queue/1` }))).toBeNull();
    expect(refuseApiRequest(request("PUT", "/api/labels", json))).toBeNull();
  });

  it("accepts the public address behind a TLS-terminating proxy", () => {
    const proxied = request("PUT", "/api/labels", { ...json, host: "concord.example.org", "x-forwarded-proto": "https", origin: "https://concord.example.org" });
    expect(refuseApiRequest(proxied)).toBeNull();
    const renamed = request("PUT", "/api/labels", { ...json, origin: "https://concord.example.org" });
    expect(refuseApiRequest(renamed)?.status).toBe(403);
    expect(refuseApiRequest(renamed, "https://concord.example.org")).toBeNull();
  });

  it("refuses bodies that are not JSON where JSON is expected", () => {
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]) {
      expect(refuseApiRequest(request("PUT", "/api/labels", { origin: ORIGIN, "content-type": type, "content-length": "5" }))?.status, type).toBe(415);
    }
    expect(refuseApiRequest(request("PATCH", "/api/items/I-1", { origin: ORIGIN, "content-length": "5" }))?.status).toBe(415);
    expect(refuseApiRequest(request("PUT", "/api/labels", { origin: ORIGIN, "content-type": "application/json; charset=utf-8", "content-length": "5" }))).toBeNull();
  });

  it("takes bundles, bodiless calls and next-auth's forms as they come", () => {
    expect(refuseApiRequest(request("POST", "/api/bundle/import", { origin: ORIGIN, "content-type": "application/x-ndjson", "content-length": "5" }))).toBeNull();
    expect(refuseApiRequest(request("POST", "/api/sets/3/verdicts", { origin: ORIGIN, "content-type": "text/plain", "content-length": "5" }))).toBeNull();
    expect(refuseApiRequest(request("POST", "/api/items/I-1/rubric/draft/model", { origin: ORIGIN }))).toBeNull();
    expect(refuseApiRequest(request("DELETE", "/api/items/I-1/rubric/draft", { origin: ORIGIN, "content-length": "0" }))).toBeNull();
    expect(refuseApiRequest(request("POST", "/api/auth/callback/credentials", { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded", "content-length": "40" }))).toBeNull();
  });
});
