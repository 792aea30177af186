import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { demoCorpus } from "@/lib/demo";
import { turnsStratum } from "@/lib/sampling/strata";
import { drawStratified } from "@/lib/sampling/stratified";

const { bundle: demoBundle, calibrationSet: demoSet } = demoCorpus();
const demoItems = demoBundle.items.map((i) => ({ id: i.id, subcategory: i.subcategory, age: i.age, turns: turnsStratum(i.user_turns.length), intent: i.intent, stage: i.stage }));

/** The items the lead's stratified draw of `size` takes with `seed` (the demo corpus is the population). */
export function drawnItems(size: number, seed: number): string[] {
  return drawStratified(demoItems, size, seed);
}

/**
 * A seed whose stratified draw of `size` demo items misses the demo calibration set
 * and `avoid`, so a spec's set shares no response with another spec's (each set has its
 * own labels, skips and flags; apart sets keep each spec's pages its own).
 */
export function freshSeed(size: number, avoid: readonly string[] = []): number {
  const taken = new Set([...demoSet.itemIds, ...avoid]);
  for (let seed = 1; ; seed++) if (drawnItems(size, seed).every((id) => !taken.has(id))) return seed;
}

/** The size of the set the parallel-labeling spec draws; other labeling specs keep clear of its items. */
export const PARALLEL_SET_SIZE = 2;

/**
 * The seeds of the labeling specs' own one-item sets, each drawn clear of the demo set,
 * of the parallel spec's items and of the sets before it in this list, so no labels,
 * skips or flags arrive with their responses from another spec.
 */
export function labelingSeed(set: "twoTabs" | "longRubric" | "flags"): number {
  const taken = drawnItems(PARALLEL_SET_SIZE, freshSeed(PARALLEL_SET_SIZE));
  for (const name of ["twoTabs", "longRubric", "flags"] as const) {
    const seed = freshSeed(1, taken);
    if (name === set) return seed;
    taken.push(...drawnItems(1, seed));
  }
  throw new Error(`no labeling set named ${set}`);
}

/** Draws a calibration set through the lead's form (stratified, every demo clinician; by default of fresh items) and returns its id. */
export async function drawSet(page: Page, { name, size, perItem, seed = freshSeed(size) }: { name: string; size: number; perItem: number; seed?: number }): Promise<number> {
  await page.goto("/calibration/new");
  await page.getByRole("textbox", { name: "Name" }).fill(name);
  await page.getByRole("spinbutton", { name: "Seed" }).fill(String(seed));
  await page.getByRole("spinbutton", { name: "Number of items" }).fill(String(size));
  await page.getByRole("spinbutton", { name: "Responses per item" }).fill(String(perItem));
  await chooseDemoClinicians(page);
  await page.getByRole("button", { name: "Preview the set" }).click();
  await expect(page.getByRole("heading", { name: "Composition" })).toBeVisible();
  await expect(page.getByText(`${size} item${size === 1 ? "" : "s"}, ${size * perItem} response${size * perItem === 1 ? "" : "s"}, 3 clinicians`)).toBeVisible();
  await page.getByRole("button", { name: "Create set" }).click();
  await expect(page).toHaveURL(/\/calibration\/sets\/\d+$/);
  return Number(new URL(page.url()).pathname.split("/").pop());
}

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
