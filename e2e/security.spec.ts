import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";
import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { demoAccount, signIn } from "./fixtures";

/** Serves one page on another port of the same host: same site, so the browser sends Concord's Lax cookies along. */
async function foreignSite(): Promise<{ origin: string; close: () => void }> {
  const server = createServer((_request, response) => response.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><title>elsewhere</title>"));
  await new Promise<void>((listening) => server.listen(0, listening));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://localhost:${port}`, close: () => server.close() };
}

test.describe("forged cross-origin requests", () => {
  test("a page on another port cannot import a bundle with the lead's session", async ({ page, baseURL }) => {
    await signIn(page, demoAccount("lead"));
    const item = { kind: "item", id: "FORGED-1", subcategory: "passive_ideation", age: "O18", intent: "borderline", stage: "ideation", directness: "implicit", split: "public", user_turns: ["forged"] };
    const foreign = await foreignSite();
    await page.goto(`${foreign.origin}/attack`);
    // The repro: a text/plain no-cors POST, which needs no preflight.
    const status = await page.evaluate(
      async ({ url, body }) => (await fetch(url, { method: "POST", mode: "no-cors", credentials: "include", headers: { "Content-Type": "text/plain" }, body })).type,
      { url: `${baseURL}/api/bundle/import`, body: `${JSON.stringify(item)}\n` },
    );
    expect(status).toBe("opaque");
    foreign.close();

    // The same with an explicit foreign Origin and the session cookie: refused with a sentence.
    const forged = await page.request.post("/api/bundle/import", { headers: { Origin: foreign.origin, "Content-Type": "text/plain" }, data: JSON.stringify(item) });
    expect(forged.status()).toBe(403);
    expect(await forged.json()).toEqual({ error: expect.stringMatching(/another site/) });
    const label = await page.request.put("/api/labels", { headers: { Origin: foreign.origin, "Content-Type": "application/json" }, data: {} });
    expect(label.status()).toBe(403);

    const exported = await page.request.get("/api/bundle/export");
    expect(exported.status()).toBe(200);
    expect(await exported.text()).not.toContain("FORGED-1");
  });

  test("a JSON route refuses another content type with 415", async ({ page, baseURL }) => {
    await signIn(page, demoAccount("clinician"));
    const response = await page.request.put("/api/labels", { headers: { Origin: baseURL ?? "", "Content-Type": "text/plain" }, data: "{}" });
    expect(response.status()).toBe(415);
    expect(await response.json()).toEqual({ error: expect.stringMatching(/takes JSON/) });
  });
});

test.describe("sign-in redirects stay on the site", () => {
  const ATTEMPTS = ["%2F%5Cevil.example", "%2F%2Fevil.example", "https%3A%2F%2Fevil.example", "%2F%5C%5Cevil.example", "%2F%09%2Fevil.example", "%5C%2Fevil.example", "javascript%3Aalert(1)"];

  test("a signed-in visitor is never sent to another site", async ({ page, baseURL }) => {
    await signIn(page, demoAccount("lead"));
    for (const attempt of ATTEMPTS) {
      const response = await page.request.get(`/login?callbackUrl=${attempt}`, { maxRedirects: 0 });
      expect(response.status(), attempt).toBe(307);
      const location = response.headers()["location"] ?? "";
      expect(new URL(location, baseURL).origin, attempt).toBe(new URL(baseURL ?? "").origin);
      expect(location, attempt).not.toContain("evil");
    }
  });

  test("signing in from a crafted link lands on Concord", async ({ page, baseURL }) => {
    await signIn(page, demoAccount("author"), "/login?callbackUrl=%2F%5Cevil.example");
    expect(new URL(page.url()).origin).toBe(new URL(baseURL ?? "").origin);
    await expect(page.getByRole("heading", { level: 1, name: "Items" })).toBeVisible();
  });
});

/** The session cookie a signed-in page holds, for replaying it later. */
async function sessionCookie(page: Page): Promise<string> {
  const cookies = await page.context().cookies();
  return cookies.map((c) => `${c.name}=${c.value}`).join("; ");
}

async function replay(request: APIRequestContext, cookie: string) {
  const items = await request.get("/api/items", { headers: { cookie } });
  const session = await request.get("/api/auth/session", { headers: { cookie } });
  return { items: items.status(), session: await session.json() };
}

async function createAuthor(lead: Page, email: string, password: string) {
  await lead.goto("/admin/users");
  await lead.getByLabel("Name").fill(email.split("@")[0] ?? email);
  await lead.getByLabel("Email").fill(email);
  await lead.getByLabel("Initial password").fill(password);
  await lead.getByRole("checkbox", { name: "Author" }).first().check();
  await lead.getByRole("button", { name: "Create account" }).click();
  await expect(lead.getByRole("status").filter({ hasText: "Account created." })).toBeVisible();
  await lead.reload();
  const row = lead.getByRole("listitem").filter({ hasText: email });
  await row.getByRole("button", { name: /Manage/ }).click();
  return row;
}

async function signedInAs(browser: Browser, email: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, { email, password });
  return { context, page, cookie: await sessionCookie(page) };
}

test.describe("sessions end", () => {
  test("signing out ends the old cookie too", async ({ browser, request }) => {
    const { context, page, cookie } = await signedInAs(browser, demoAccount("author").email, demoAccount("author").password);
    expect((await replay(request, cookie)).items).toBe(200);
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL("/login");
    expect(await replay(request, cookie)).toEqual({ items: 401, session: {} });
    await context.close();
  });

  for (const change of ["password reset", "role change", "deactivation"] as const) {
    test(`a ${change} ends the user's sessions`, async ({ browser, page, request }) => {
      const email = `session-${change.replace(" ", "-")}@example.org`;
      const password = "a long enough password";
      await signIn(page, demoAccount("lead"));
      const row = await createAuthor(page, email, password);
      const user = await signedInAs(browser, email, password);
      expect(await replay(request, user.cookie)).toMatchObject({ items: 200, session: { user: { email, roles: ["author"] } } });

      if (change === "password reset") {
        await row.getByLabel("New password").fill("another long password");
        await row.getByRole("button", { name: "Reset password" }).click();
        await expect(row.getByText("Password reset.")).toBeVisible();
      } else if (change === "role change") {
        await row.getByRole("checkbox", { name: "Clinician" }).check();
        await row.getByRole("button", { name: "Save roles" }).click();
        await expect(row.getByText("Roles saved.")).toBeVisible();
      } else {
        await row.getByRole("button", { name: "Deactivate" }).click();
        await expect(row.getByText("Deactivated.")).toBeVisible();
      }
      expect(await replay(request, user.cookie)).toEqual({ items: 401, session: {} });
      await user.page.goto("/items");
      await expect(user.page).toHaveURL(/\/login/);
      await user.context.close();
    });
  }
});

test("the 21st wrong password inside a minute is refused with 429 at once", async ({ page }) => {
  // An email no other test uses, and no account has: the lockout is the same for unknown and known emails.
  const email = "throttled-nobody@example.org";
  const attempt = async () => {
    const { csrfToken } = (await (await page.request.get("/api/auth/csrf")).json()) as { csrfToken: string };
    const start = performance.now();
    const response = await page.request.post("/api/auth/callback/credentials", { form: { email, password: "wrong password", csrfToken, json: "true" } });
    return { status: response.status(), ms: performance.now() - start };
  };
  const answers = [];
  for (let i = 0; i < 21; i++) answers.push(await attempt());
  expect(answers.slice(0, 10).map((a) => a.status)).toEqual(Array(10).fill(401));
  expect(answers.slice(10).map((a) => a.status)).toEqual(Array(11).fill(429));
  const last = answers[20];
  console.log(`21st wrong password: ${last?.status} in ${last?.ms.toFixed(1)} ms (the 10th, checked: ${answers[9]?.ms.toFixed(1)} ms)`);
  expect(last?.ms).toBeLessThan(50);

  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("wrong password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: /Too many sign-in attempts/ })).toBeVisible();
});

test.describe("headers", () => {
  test("pages carry a nonce CSP that their scripts use, and every response the hardening headers", async ({ page }) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy|Refused to (execute|load|apply)/i.test(message.text())) violations.push(message.text());
    });
    const response = await page.goto("/login");
    const headers = response?.headers() ?? {};
    const csp = headers["content-security-policy"] ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain("unsafe-eval");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("same-origin");
    const scripts = await page.locator("script").evaluateAll((elements) => elements.map((e) => (e as HTMLScriptElement).nonce));
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.every((value) => value === nonce)).toBe(true);

    // A second load gets a fresh nonce.
    const again = (await page.reload())?.headers()["content-security-policy"] ?? "";
    expect(again).not.toBe(csp);

    // The app still works under the policy: hydration (client-side sign-in), client navigation, a virtualised table.
    await signIn(page, demoAccount("lead"));
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Users" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
    await page.goto("/items");
    await expect(page.getByRole("heading", { level: 1, name: "Items" })).toBeVisible();
    expect(violations).toEqual([]);

    const api = await page.request.get("/api/bundle/export");
    expect(api.headers()["x-content-type-options"]).toBe("nosniff");
  });
});
