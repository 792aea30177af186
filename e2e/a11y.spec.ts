import { expect, test } from "@playwright/test";
import { demoAccount, seriousViolations, signIn } from "./fixtures";

test("the sign-in and support pages have no serious accessibility violations", async ({ page }) => {
  for (const path of ["/login", "/support"]) {
    await page.goto(path);
    expect(await seriousViolations(page), path).toEqual([]);
  }
});

test("each role's pages have no serious accessibility violations", async ({ browser }) => {
  // Seventeen pages, the demo set's among them (120 units): axe takes its time on a loaded machine.
  test.setTimeout(240_000);
  const visits = [
    { role: "clinician", paths: ["/queue", "/conversations"] },
    { role: "author", paths: ["/items", "/revisions", "/items/DEMO-0001/reference", "/leaderboard", "/docs/scoring.md"] },
    { role: "lead", paths: ["/calibration", "/admin/users", "/admin/import", "/calibration/sets/1", "/calibration/sets/1/judges", "/runs", "/runs/new", "/runs/endpoints", "/runs/judges", "/runs/models", "/studies", "/studies/import", "/leaderboard"] },
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
