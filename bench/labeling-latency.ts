import { expect, test } from "@playwright/test";
import { demoAccount, signIn } from "../e2e/fixtures";
import { criteria } from "../e2e/labeling-helpers";

const VERDICTS = 200;
const DEMO_SET = 1;

declare global {
  interface Window {
    __latencies: number[];
  }
}

/**
 * Gives 200 verdicts by keyboard as a demo clinician, each one the opposite of the
 * stored verdict (so every one is a real write: update plus audit row), and measures
 * in the page, from the keydown event to the moment the criterion's status turns to
 * "saved" in the DOM. The scripted driver waits for each "saved" before the next key.
 */
test("keypress to saved, over 200 verdicts", async ({ page }) => {
  await page.addInitScript(() => {
    window.__latencies = [];
    let pressedAt: number | null = null;
    addEventListener("keydown", (event) => {
      if (event.key === "y" || event.key === "n") pressedAt = performance.now();
    }, true);
    new MutationObserver((records) => {
      for (const record of records) {
        const target = record.target as Element;
        if (pressedAt !== null && target.getAttribute("data-save-state") === "saved") {
          window.__latencies.push(performance.now() - pressedAt);
          pressedAt = null;
        }
      }
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-save-state"] });
  });
  await signIn(page, demoAccount("clinician"));
  await page.goto(`/queue/${DEMO_SET}`);
  await page.getByRole("button", { name: /I understand/ }).click();
  await page.goto(`/label/${DEMO_SET}/1`);

  let given = 0;
  for (let response = 1; given < VERDICTS; response++) {
    await expect(page.getByRole("heading", { level: 1, name: new RegExp(`^Response ${response} of`) })).toBeVisible();
    const groups = criteria(page);
    const count = await groups.count();
    // To the first criterion; each verdict then moves on to the next one by itself.
    for (let k = 0; k < count; k++) await page.keyboard.press("ArrowUp");
    for (let j = 0; j < count && given < VERDICTS; j++) {
      const satisfied = await groups.nth(j).getByRole("button", { name: "Satisfied", exact: true }).getAttribute("aria-pressed");
      await page.keyboard.press(satisfied === "true" ? "n" : "y");
      given++;
      await page.waitForFunction((n) => window.__latencies.length >= n, given, { polling: "raf" });
    }
    await page.keyboard.press("ArrowRight");
  }
  const latencies = await page.evaluate(() => window.__latencies);
  expect(latencies).toHaveLength(VERDICTS);
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
  const median = (sorted[99] + sorted[100]) / 2;
  console.log(
    `keypress → saved over ${VERDICTS} verdicts: median ${median.toFixed(1)} ms, p90 ${at(0.9).toFixed(1)} ms, ` +
      `mean ${(latencies.reduce((a, b) => a + b, 0) / VERDICTS).toFixed(1)} ms, min ${sorted[0].toFixed(1)} ms, max ${sorted[VERDICTS - 1].toFixed(1)} ms`,
  );
});
