import { expect, test } from "@playwright/test";
import { demoAccount, SIGN_IN_FAILED, signIn } from "./fixtures";

const HOMES = [
  { role: "lead", path: "/calibration", heading: "Calibration" },
  { role: "author", path: "/items", heading: "Items" },
  { role: "clinician", path: "/queue", heading: "My queue" },
] as const;

for (const { role, path, heading } of HOMES) {
  test(`signing in as ${role} lands on ${path}`, async ({ page }) => {
    await signIn(page, demoAccount(role));
    await expect(page).toHaveURL(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: heading })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("link", { name: "Support for you" })).toBeVisible();
  });
}

test("a signed-out visitor is sent to sign in, then on to the page they asked for", async ({ page }) => {
  await page.goto("/admin/users");
  await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fadmin%2Fusers$/);
  await signIn(page, demoAccount("lead"), page.url());
  await expect(page).toHaveURL("/admin/users");
  await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
});

test("a wrong password and an unknown account get the same message", async ({ page }) => {
  const clinician = demoAccount("clinician", 2);
  await page.goto("/login");
  for (const attempt of [
    { email: clinician.email, password: "not the right password" },
    { email: "nobody@example.org", password: "not the right password" },
  ]) {
    await page.getByLabel("Email").fill(attempt.email);
    await page.getByLabel("Password").fill(attempt.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert").filter({ hasText: SIGN_IN_FAILED })).toBeVisible();
    await expect(page).toHaveURL("/login");
  }
});

test("a clinician opening another role's page gets a 403 page", async ({ page }) => {
  await signIn(page, demoAccount("clinician"));
  for (const path of ["/calibration", "/items", "/admin/users", "/admin/import"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(403);
    await expect(page.getByRole("heading", { level: 1, name: "Not for your role" })).toBeVisible();
  }
});

test("signing out ends the session", async ({ page }) => {
  await signIn(page, demoAccount("author"));
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL("/login");
  await page.goto("/items");
  await expect(page).toHaveURL(/\/login/);
  expect((await page.request.get("/api/bundle/export")).status()).toBe(401);
});

test("a person with several roles lands on the first area, sees all of them, and role changes apply at once", async ({ browser }) => {
  const leadContext = await browser.newContext();
  const lead = await leadContext.newPage();
  await signIn(lead, demoAccount("lead"));
  await lead.goto("/admin/users");
  await lead.getByLabel("Name").fill("Robin Both");
  await lead.getByLabel("Email").fill("robin@example.org");
  await lead.getByLabel("Initial password").fill("robin-password-1");
  await lead.getByRole("checkbox", { name: "Author" }).first().check();
  await lead.getByRole("checkbox", { name: "Clinician" }).first().check();
  await lead.getByRole("button", { name: "Create account" }).click();
  await expect(lead.getByRole("status").filter({ hasText: "Account created." })).toBeVisible();

  const page = await browser.newPage();
  await signIn(page, { email: "robin@example.org", password: "robin-password-1" });
  await expect(page).toHaveURL("/items");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link")).toHaveText(["Items", "Revisions", "Leaderboard", "My queue", "Conversations"]);
  await nav.getByRole("link", { name: "My queue" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "My queue" })).toBeVisible();

  // The lead takes the author role away: the change ends Robin's session, and once
  // signed in again Robin no longer has the role.
  const robin = lead.getByRole("listitem").filter({ hasText: "robin@example.org" });
  await robin.getByRole("button", { name: "Manage Robin Both" }).click();
  await robin.getByRole("checkbox", { name: "Author" }).uncheck();
  await robin.getByRole("button", { name: "Save roles" }).click();
  await expect(robin.getByRole("status").filter({ hasText: "Roles saved." })).toBeVisible();
  await page.goto("/items");
  await expect(page).toHaveURL(/\/login/);
  await signIn(page, { email: "robin@example.org", password: "robin-password-1" }, page.url());
  expect((await page.goto("/items"))?.status()).toBe(403);
  await expect(nav.getByRole("link")).toHaveText(["My queue", "Conversations"]);

  // Deactivated: the session no longer counts.
  await robin.getByRole("button", { name: "Deactivate" }).click();
  await expect(robin.getByRole("button", { name: "Reactivate" })).toBeVisible();
  await page.goto("/queue");
  await expect(page).toHaveURL(/\/login/);
  await leadContext.close();
});
