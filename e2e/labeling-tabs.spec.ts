import { expect, test } from "@playwright/test";
import { demoAccount, signIn } from "./fixtures";
import { criteria, untilLive } from "./labeling-helpers";
import { buildScenario } from "./scenario";

const pressed = (name: "Satisfied" | "Not satisfied") => ({ name, exact: true });

test("two tabs share verdicts, and a verdict not yet sent survives closing the tab", async ({ browser }) => {
  const leadContext = await browser.newContext();
  const lead = await leadContext.newPage();
  await signIn(lead, demoAccount("lead"));
  const { setId, clinicians } = await buildScenario(lead, { name: "E2E two tabs", clinicians: 2 });
  await leadContext.close();

  const context = await browser.newContext();
  const a = await context.newPage();
  await signIn(a, clinicians[0]);
  await a.goto(`/queue/${setId}`);
  await a.getByRole("button", { name: /I understand/ }).click();
  await expect(a).toHaveURL(`/label/${setId}/1`);
  const b = await context.newPage();
  await b.goto(`/label/${setId}/1`);
  await untilLive(b); // both tabs are open and running before the first verdict

  await a.keyboard.press("y");
  await expect(criteria(a).first()).toContainText("Saved");
  await expect(criteria(b).first().getByRole("button", pressed("Satisfied"))).toHaveAttribute("aria-pressed", "true");
  await b.keyboard.press("n");
  await expect(criteria(b).first()).toContainText("Saved");
  await expect(criteria(a).first().getByRole("button", pressed("Not satisfied"))).toHaveAttribute("aria-pressed", "true");
  for (const page of [a, b]) {
    await page.reload();
    await expect(criteria(page).first().getByRole("button", pressed("Not satisfied"))).toHaveAttribute("aria-pressed", "true");
  }
  await b.close();

  // The server cannot be reached; the tab is closed before the verdict gets through.
  await a.route("**/api/labels", (route) => route.abort("connectionrefused"));
  // After the reload the screen starts at the first criterion without a verdict: the second.
  await a.keyboard.press("y");
  await expect(criteria(a).nth(1)).toContainText("Not saved yet");
  await a.close();

  const c = await context.newPage();
  await c.goto(`/label/${setId}/1`);
  await expect(criteria(c).nth(1)).toContainText("Saved");
  await c.reload();
  await expect(criteria(c).nth(1).getByRole("button", pressed("Satisfied"))).toHaveAttribute("aria-pressed", "true");
  await expect(criteria(c).nth(1)).toContainText("Saved");
  await context.close();
});
