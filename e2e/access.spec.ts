import { expect, test, type Browser, type Page, type Request } from "@playwright/test";
import { demoAccount, signIn } from "./fixtures";

test("a clinician calling lead-only API routes directly gets 403", async ({ page }) => {
  await signIn(page, demoAccount("clinician"));
  const exported = await page.request.get("/api/bundle/export");
  expect(exported.status()).toBe(403);
  expect(await exported.json()).toEqual({ error: expect.any(String) });

  const imported = await page.request.post("/api/bundle/import", {
    headers: { "Content-Type": "application/x-ndjson" },
    data: "",
  });
  expect(imported.status()).toBe(403);
  expect(await imported.json()).toEqual({ error: expect.any(String) });
});

/** The server-action request a lead's click sends, kept to be replayed. */
async function leadAction(page: Page, click: () => Promise<void>): Promise<Request> {
  const [request] = await Promise.all([page.waitForRequest((r) => r.method() === "POST" && "next-action" in r.headers()), click()]);
  return request;
}

/** Sends a kept server-action request with a clinician's session, `from` replaced by `to`; returns the action's answer. */
async function replayAsClinician(browser: Browser, action: Request, from: string, to: string): Promise<string> {
  const context = await browser.newContext();
  const clinician = await context.newPage();
  await signIn(clinician, demoAccount("clinician"));
  const body = (action.postData() ?? "").replace(from, to);
  expect(body).toContain(to);
  const headers = action.headers();
  const response = await clinician.request.post(action.url(), {
    headers: { "next-action": headers["next-action"], "content-type": headers["content-type"], accept: "text/x-component" },
    data: body,
  });
  const result = await response.text();
  await context.close();
  return result;
}

test("a clinician replaying the lead's create-user server action is refused", async ({ browser }) => {
  // The lead creates an account through the page; we keep the exact server-action request.
  const leadContext = await browser.newContext();
  const lead = await leadContext.newPage();
  await signIn(lead, demoAccount("lead"));
  await lead.goto("/admin/users");
  await lead.getByLabel("Name").fill("Replay Check");
  await lead.getByLabel("Email").fill("replay-lead@example.org");
  await lead.getByLabel("Initial password").fill("a long enough password");
  await lead.getByRole("checkbox", { name: "Clinician" }).first().check();
  const action = await leadAction(lead, () => lead.getByRole("button", { name: "Create account" }).click());
  await expect(lead.getByRole("status").filter({ hasText: "Account created." })).toBeVisible();

  // The clinician sends the same action with their own session and a new email.
  const result = await replayAsClinician(browser, action, "replay-lead@example.org", "replay-clinician@example.org");
  expect(result).toContain('"ok":false');
  expect(result).toContain('"status":403');

  await lead.reload();
  await expect(lead.getByText("replay-lead@example.org")).toBeVisible();
  await expect(lead.getByText("replay-clinician@example.org")).toHaveCount(0);
  await leadContext.close();
});

const RUN_PAGES = ["/runs/endpoints", "/runs/judges", "/runs/models"];

test("authors and clinicians never see endpoints, judges or models; signed-out visitors are sent to sign in", async ({ browser, page }) => {
  for (const role of ["author", "clinician"] as const) {
    const context = await browser.newContext();
    const visitor = await context.newPage();
    await signIn(visitor, demoAccount(role));
    await expect(visitor.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Runs" })).toHaveCount(0);
    for (const path of RUN_PAGES) {
      const response = await visitor.goto(path);
      expect(response?.status(), `${role} ${path}`).toBe(403);
      await expect(visitor.getByRole("heading", { level: 1, name: "Not for your role" })).toBeVisible();
      await expect(visitor.getByText("Base URL")).toHaveCount(0);
    }
    await context.close();
  }
  for (const path of RUN_PAGES) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/login/);
  }
});

test("a clinician replaying the lead's add-endpoint server action is refused", async ({ browser }) => {
  const leadContext = await browser.newContext();
  const lead = await leadContext.newPage();
  await signIn(lead, demoAccount("lead"));
  await lead.goto("/runs/endpoints");
  const name = `replay endpoint ${Date.now().toString(36)}`;
  await lead.getByLabel("Name", { exact: true }).fill(name);
  await lead.getByLabel("Base URL").fill("http://127.0.0.1:9/v1");
  const action = await leadAction(lead, () => lead.getByRole("button", { name: "Add endpoint" }).click());
  await expect(lead.getByRole("status").filter({ hasText: "Endpoint added." })).toBeVisible();

  const result = await replayAsClinician(browser, action, name, `${name} by a clinician`);
  expect(result).toContain('"ok":false');
  expect(result).toContain('"status":403');

  await lead.reload();
  await expect(lead.getByRole("heading", { level: 3, name, exact: true })).toBeVisible();
  await expect(lead.getByText(`${name} by a clinician`)).toHaveCount(0);
  await leadContext.close();
});

for (const [role, who] of [["clinician", "a clinician"], ["author", "an author"]] as const) {
  test(`${who} is refused the run pages and the run progress route`, async ({ page }) => {
    await signIn(page, demoAccount(role));
    const progress = await page.request.get("/api/runs/1");
    expect(progress.status()).toBe(403);
    expect(await progress.json()).toEqual({ error: expect.any(String) });
    for (const path of ["/runs", "/runs/new", "/runs/1"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(403);
      await expect(page.getByRole("heading", { name: "Not for your role" })).toBeVisible();
    }
  });
}

test("signed out, the run progress route answers 401", async ({ request }) => {
  expect((await request.get("/api/runs/1")).status()).toBe(401);
});

test("each role's menu shows exactly the areas it may open, and every other area answers 403", async ({ browser }) => {
  const areas: Record<string, string> = {
    Calibration: "/calibration",
    Users: "/admin/users",
    "Import & export": "/admin/import",
    Runs: "/runs",
    Studies: "/studies",
    Items: "/items",
    Revisions: "/revisions",
    Leaderboard: "/leaderboard",
    "My queue": "/queue",
    Conversations: "/conversations",
  };
  const menus = {
    lead: ["Calibration", "Users", "Import & export", "Runs", "Studies", "Items", "Revisions", "Leaderboard"],
    author: ["Items", "Revisions", "Leaderboard"],
    clinician: ["My queue", "Conversations"],
  } as const;
  for (const [role, menu] of Object.entries(menus) as [keyof typeof menus, readonly string[]][]) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, demoAccount(role));
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link")).toHaveText([...menu]);
    for (const [label, path] of Object.entries(areas)) {
      const response = await page.goto(path);
      expect(response?.status(), `${role} opening ${label}`).toBe(menu.includes(label) ? 200 : 403);
    }
    await context.close();
  }
});
