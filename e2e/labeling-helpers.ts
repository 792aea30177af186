import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { demoCorpus } from "@/lib/demo";

/** On the new-set form: exactly the three demo clinicians (other specs may have added clinician accounts). */
export async function chooseDemoClinicians(page: Page) {
  const names = new Set(demoCorpus().accounts.filter((a) => a.roles.includes("clinician")).map((a) => a.name));
  for (const box of await page.getByRole("group", { name: /^Clinicians/ }).getByRole("checkbox").all()) {
    await box.setChecked(names.has(await box.evaluate((el) => el.closest("label")?.textContent?.trim() ?? "")));
  }
}

/** Axe findings of serious or critical impact on the page as it is now. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join("; ")})`);
}

/** The criteria of the response on screen, as groups named by their text. */
export function criteria(page: Page) {
  return page.getByRole("region", { name: "Criteria" }).getByRole("group");
}

/** Waits until the labeling screen's script is live: `?` opens the shortcuts only then. */
export async function untilLive(page: Page) {
  const dialog = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(async () => {
    await page.keyboard.press("?");
    await expect(dialog).toBeVisible({ timeout: 500 });
  }).toPass();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
}
