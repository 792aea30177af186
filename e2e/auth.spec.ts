import { expect, test } from "@playwright/test";
import { demoAccount, SIGN_IN_FAILED, signIn } from "./fixtures";

const HOMES = [
  { role: "lead", path: "/calibration", heading: "Calibration" },
  { role: "author", path: "/items", heading: "Items" },
  { role: "clinician", path: "/queue", heading: "My queue" },
] as const;

for (const { role, path, heading } of HOMES) {
  test(`a ${role} signs in and lands on their home`, async ({ page }) => {
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
