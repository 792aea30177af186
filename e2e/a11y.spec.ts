import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { demoAccount, signIn } from "./fixtures";

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help}`);
}

test("the sign-in and support pages have no serious accessibility violations", async ({ page }) => {
  for (const path of ["/login", "/support"]) {
    await page.goto(path);
    expect(await seriousViolations(page), path).toEqual([]);
  }
});

test("each role's pages have no serious accessibility violations", async ({ browser }) => {
  const visits = [
    { role: "clinician", paths: ["/queue"] },
    { role: "author", paths: ["/items", "/leaderboard", "/docs/scoring.md"] },
    { role: "lead", paths: ["/calibration", "/admin/users", "/admin/import", "/runs/endpoints", "/runs/judges", "/runs/models", "/leaderboard"] },
  ] as const;
  for (const { role, paths } of visits) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, demoAccount(role));
    for (const path of paths) {
      await page.goto(path);
      expect(await seriousViolations(page), path).toEqual([]);
    }
    await context.close();
  }
});
