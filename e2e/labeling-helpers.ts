import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { demoCorpus } from "@/lib/demo";
import { turnsStratum } from "@/lib/sampling/strata";
import { drawStratified } from "@/lib/sampling/stratified";

/**
 * A seed whose stratified draw of `size` demo items misses the demo calibration set:
 * labels belong to (clinician, response, criterion), so responses of the demo set
 * would arrive already labeled by the demo clinicians.
 */
export function freshSeed(size: number): number {
  const { bundle, calibrationSet } = demoCorpus();
  const taken = new Set(calibrationSet.itemIds);
  const items = bundle.items.map((i) => ({ id: i.id, subcategory: i.subcategory, age: i.age, turns: turnsStratum(i.user_turns.length), intent: i.intent, stage: i.stage }));
  for (let seed = 1; ; seed++) if (drawStratified(items, size, seed).every((id) => !taken.has(id))) return seed;
}

/** Draws a calibration set through the lead's form (stratified, every demo clinician; by default of fresh items) and returns its id. */
export async function drawSet(page: Page, { name, size, perItem, seed = freshSeed(size) }: { name: string; size: number; perItem: number; seed?: number }): Promise<number> {
  await page.goto("/calibration/new");
  await page.getByRole("textbox", { name: "Name" }).fill(name);
  await page.getByRole("spinbutton", { name: "Seed" }).fill(String(seed));
  await page.getByRole("spinbutton", { name: "Number of items" }).fill(String(size));
  await page.getByRole("spinbutton", { name: "Responses per item" }).fill(String(perItem));
  await page.getByRole("button", { name: "Preview the set" }).click();
  await expect(page.getByRole("heading", { name: "Composition" })).toBeVisible();
  await expect(page.getByText(`${size} items, ${size * perItem} responses, 3 clinicians`)).toBeVisible();
  await page.getByRole("button", { name: "Create set" }).click();
  await expect(page).toHaveURL(/\/calibration\/sets\/\d+$/);
  return Number(new URL(page.url()).pathname.split("/").pop());
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
