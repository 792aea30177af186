import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError, apiFetch, BUNDLE_TYPE, callApi, UNREACHABLE } from "./apiFetch";

/** A real HTTP server answering each path as a route handler (or a proxy in front of one) might. */
let server: Server;
let base = "";
const seen: { method?: string; type?: string; body: string }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      seen.push({ method: request.method, type: request.headers["content-type"], body });
      const json = (status: number, value: unknown) => response.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(value));
      if (request.url === "/echo") return json(200, { got: JSON.parse(body || "null") });
      if (request.url === "/refused") return json(400, { error: "The comment is too long.", issues: ["comment: at most 500 characters"] });
      if (request.url === "/bundle") return json(400, { error: "The bundle has 3 problems.", issues: ["line 1: bad", "line 2: bad"], more: 1 });
      if (request.url === "/empty") return response.writeHead(204).end();
      if (request.url === "/proxy-413") return response.writeHead(413, { "Content-Type": "text/html" }).end("<html>Request Entity Too Large</html>");
      if (request.url === "/crash") return response.writeHead(500, { "Content-Type": "text/plain" }).end("Internal Server Error");
      if (request.url === "/html-ok") return response.writeHead(200, { "Content-Type": "text/html" }).end("<html></html>");
      response.writeHead(404).end();
    });
  });
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((closed) => server.close(() => closed())));

const failureOf = (call: Promise<unknown>) => call.then(() => expect.fail("the call should have failed"), (error: unknown) => error as ApiError);

describe("apiFetch", () => {
  it("sends a JSON body and answers the parsed JSON", async () => {
    expect(await apiFetch(`${base}/echo`, { method: "PUT", json: { a: 1 } })).toEqual({ got: { a: 1 } });
    expect(seen.at(-1)).toMatchObject({ method: "PUT", type: "application/json" });
  });

  it("sends a file as it is, with its content type", async () => {
    await apiFetch(`${base}/echo`, { method: "POST", body: new Blob(['"line"']), contentType: BUNDLE_TYPE });
    expect(seen.at(-1)).toMatchObject({ method: "POST", type: BUNDLE_TYPE, body: '"line"' });
  });

  it("throws the server's sentence, issues and count of further issues", async () => {
    const error = await failureOf(apiFetch(`${base}/bundle`));
    expect(error).toBeInstanceOf(ApiError);
    expect({ status: error.status, message: error.message, issues: error.issues, more: error.more }).toEqual({
      status: 400, message: "The bundle has 3 problems.", issues: ["line 1: bad", "line 2: bad"], more: 1,
    });
  });

  it("says what a 413 or 500 without a JSON body means instead of blaming the connection", async () => {
    const tooLarge = await failureOf(apiFetch(`${base}/proxy-413`, { method: "POST", body: new Blob(["x"]) }));
    expect([tooLarge.status, tooLarge.message]).toEqual([413, "The server refused the request as too large (413)."]);
    const crash = await failureOf(apiFetch(`${base}/crash`));
    expect(crash.status).toBe(500);
    expect(crash.message).toMatch(/^The server failed \(it answered 500\) without saying why/);
    const html = await failureOf(apiFetch(`${base}/html-ok`));
    expect(html.message).toBe("The server answered 200 with something other than JSON.");
  });

  it("answers undefined for a 204", async () => {
    expect(await apiFetch(`${base}/empty`, { method: "DELETE" })).toBeUndefined();
  });

  it("throws status 0 with a sentence when nothing answers", async () => {
    const closed = createServer();
    await new Promise<void>((listening) => closed.listen(0, "127.0.0.1", listening));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((done) => closed.close(() => done()));
    const error = await failureOf(apiFetch(`http://127.0.0.1:${port}/echo`));
    expect([error.status, error.message]).toEqual([0, UNREACHABLE]);
  });
});

describe("callApi", () => {
  it("settles a refusal into a result instead of throwing", async () => {
    expect(await callApi("PUT", `${base}/refused`, { comment: "x" })).toEqual({
      ok: false, status: 400, error: "The comment is too long.", issues: ["comment: at most 500 characters"], more: 0,
    });
    expect(await callApi("PUT", `${base}/echo`, { b: 2 })).toEqual({ ok: true, data: { got: { b: 2 } } });
  });
});
