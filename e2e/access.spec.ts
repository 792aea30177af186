import { expect, test } from "@playwright/test";
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
  const [actionRequest] = await Promise.all([
    lead.waitForRequest((request) => request.method() === "POST" && "next-action" in request.headers()),
    lead.getByRole("button", { name: "Create account" }).click(),
  ]);
  await expect(lead.getByRole("status").filter({ hasText: "Account created." })).toBeVisible();

  // The clinician sends the same action with their own session and a new email.
  const clinicianContext = await browser.newContext();
  const clinician = await clinicianContext.newPage();
  await signIn(clinician, demoAccount("clinician"));
  const body = (actionRequest.postData() ?? "").replace("replay-lead@example.org", "replay-clinician@example.org");
  expect(body).toContain("replay-clinician@example.org");
  const headers = actionRequest.headers();
  const response = await clinician.request.post(actionRequest.url(), {
    headers: { "next-action": headers["next-action"], "content-type": headers["content-type"], accept: "text/x-component" },
    data: body,
  });
  const result = await response.text();
  expect(result).toContain('"ok":false');
  expect(result).toContain('"status":403');

  await lead.reload();
  await expect(lead.getByText("replay-lead@example.org")).toBeVisible();
  await expect(lead.getByText("replay-clinician@example.org")).toHaveCount(0);
  await leadContext.close();
  await clinicianContext.close();
});

test("each role's menu shows exactly the areas it may open, and every other area answers 403", async ({ browser }) => {
  const areas: Record<string, string> = {
    Calibration: "/calibration",
    Users: "/admin/users",
    "Import & export": "/admin/import",
    Items: "/items",
    Revisions: "/revisions",
    "My queue": "/queue",
  };
  const menus = {
    lead: ["Calibration", "Users", "Import & export", "Items", "Revisions"],
    author: ["Items", "Revisions"],
    clinician: ["My queue"],
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
