import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { demoCorpus } from "@/lib/demo";
import { mulberry32 } from "@/lib/stats/prng";
import { demoAccount, signIn } from "./fixtures";
import { cloneDemoSet, type DemoSetClone } from "./scenario";

const corpus = demoCorpus();
const setResponses = new Set(corpus.calibrationSet.responseIds);
/** The demo judges' verdicts on the demo set, as a lead would receive them from the judges' runs. */
const demoVerdicts = corpus.bundle.verdicts.filter((v) => setResponses.has(v.response));

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help}`);
}

async function openJudges(page: Page, set: DemoSetClone) {
  await page.goto("/calibration");
  await page.getByRole("link", { name: `Judges, report and freeze: ${set.setName}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Judges: ${set.setName}` })).toBeVisible();
}

// The tests that only read (an import that restates changes nothing) share one copy of the demo set; one that writes makes its own.
let shared: DemoSetClone;
test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await signIn(page, demoAccount("lead"));
  shared = await cloneDemoSet(page, "E2E panels");
  await page.close();
});

test("a lead imports the judges' verdicts for the set and sees each judge's coverage", async ({ page }) => {
  await signIn(page, demoAccount("lead"));
  await openJudges(page, shared);

  // A verdict on a response outside the set is refused, by line, and nothing is written.
  const outside = corpus.bundle.responses.find((r) => !setResponses.has(r.id));
  const stray = JSON.stringify({ kind: "verdict", judge: "judge-01", response: outside?.id, criterion: "x", verdict: true });
  await page.getByLabel("Verdict bundle (.jsonl)").setInputFiles({ name: "stray.jsonl", mimeType: "application/x-ndjson", buffer: Buffer.from(`${stray}\n`) });
  await page.getByRole("button", { name: "Import verdicts" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Nothing was imported." })).toBeVisible();
  await expect(page.getByRole("list", { name: "Problems in the bundle" }).getByRole("listitem").first()).toHaveText(/^line 1: /);

  // The copy was imported with these verdicts: importing them again restates them, changing nothing.
  const verdictBundle = demoVerdicts.map((v) => JSON.stringify({ ...v, response: shared.idOf(v.response), criterion: shared.idOf(v.criterion) })).join("\n") + "\n";
  await page.getByLabel("Verdict bundle (.jsonl)").setInputFiles({ name: "verdicts.jsonl", mimeType: "application/x-ndjson", buffer: Buffer.from(verdictBundle) });
  await page.getByRole("button", { name: "Import verdicts" }).click();
  const count = verdictBundle.trim().split("\n").length;
  await expect(page.getByRole("status").filter({ hasText: "Verdicts imported." })).toContainText(`0 added, ${count} already stored`);

  const coverage = page.getByRole("table").filter({ hasText: "Each judge over the set" });
  await expect(coverage.getByRole("row")).toHaveCount(16);
  const judge01 = demoVerdicts.filter((v) => v.judge === "judge-01");
  const nulls = judge01.filter((v) => v.verdict === null).length;
  await expect(coverage.getByRole("row", { name: /^judge-01/ })).toHaveText(new RegExp(`judge-01\\s*${judge01.length - nulls}\\s*${nulls}\\s*0`));
  expect(await seriousViolations(page)).toEqual([]);
});

test("a lead browses the report, filters and sorts the panels, and opens a panel's detail", async ({ page }) => {
  await signIn(page, demoAccount("lead"));
  await openJudges(page, shared);
  await page.getByRole("link", { name: "Open the report" }).click();

  const table = page.getByRole("table", { name: /Every panel of 3 judges/ });
  await expect(table.getByRole("row").nth(1)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("Showing 455 of 455 panels")).toBeVisible();
  await expect(page.getByText(/^Rank 1 \(.+\) against rank 2 \(.+\): Δκ [+−]\d\.\d{4}, 95% CI \[[+−]\d\.\d{4}, [+−]\d\.\d{4}\]/)).toBeVisible();
  await expect(page.getByText(/^The interval (includes zero|lies above zero|lies below zero)/).first()).toBeVisible();
  await expect(page.getByRole("img", { name: /^Histogram of κ for 455 panels/ })).toBeVisible();
  await expect(page.getByRole("table", { name: /Dropping one dimension/ }).getByRole("row")).toHaveCount(8);
  await expect(page.getByRole("table", { name: /Each judge alone/ }).getByRole("row")).toHaveCount(16);
  await expect(page.getByRole("table", { name: /Each pair of clinicians/ }).getByRole("row")).toHaveCount(4);

  // Contains judge-03: C(14,2) = 91 panels, every one naming judge-03.
  await page.getByLabel("Contains judge").selectOption("judge-03");
  await expect(page.getByText("Showing 91 of 455 panels")).toBeVisible();
  const firstPanel = table.getByRole("row").nth(1).getByRole("link");
  await expect(firstPanel).toContainText("judge-03");

  // Sorting by κ ascending puts the weakest panel containing judge-03 first.
  await table.getByRole("button", { name: "κ", exact: true }).click();
  await expect(table.getByRole("columnheader", { name: "κ" })).toHaveAttribute("aria-sort", "descending");
  await table.getByRole("button", { name: "κ", exact: true }).click();
  await expect(table.getByRole("columnheader", { name: "κ" })).toHaveAttribute("aria-sort", "ascending");
  const weakest = await table.getByRole("row").nth(1).getByRole("cell").nth(0).textContent();
  expect(Number(weakest)).toBeGreaterThan(1);
  expect(await seriousViolations(page)).toEqual([]);

  const judges = (await firstPanel.textContent()) ?? "";
  await firstPanel.click();
  await expect(page.getByRole("heading", { level: 1, name: `Panel ${judges}` })).toBeVisible();
  await expect(page.getByText(/^Rank \d+ of 455 panels/)).toBeVisible();
  const confusion = page.getByRole("table", { name: /Confusion matrix/ });
  await expect(confusion.getByRole("row", { name: /^Panel: satisfied/ })).toBeVisible();
  await expect(page.getByRole("heading", { name: /^Where the panel disagrees \(\d+\)$/ })).toBeVisible();
  const disagreements = page.getByRole("table", { name: "Units where the panel and the consensus differ" }).getByRole("row");
  const weights = await disagreements.locator("td:first-child").allTextContents();
  expect(weights.length).toBeGreaterThan(0);
  expect(weights.map(Number)).toEqual([...weights.map(Number)].sort((a, b) => b - a));
  // A disagreement opens in place: the criterion, then the dialogue with its graded turn.
  const first = disagreements.nth(1);
  await first.getByText(/^Read /).click();
  await expect(first.getByText("Assistant — the graded turn")).toBeVisible();
  await expect(first.getByText("Person").first()).toBeVisible();
  await expect(first.getByText(/^Criterion:/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test("holding out ranks on the public split and reports on the private split", async ({ page }) => {
  await signIn(page, demoAccount("lead"));
  await openJudges(page, shared);
  await page.getByRole("link", { name: "Open the report" }).click();
  await page.getByRole("radio", { name: "Public split, report on private (hold-out)" }).check();
  const table = page.getByRole("table", { name: /Every panel of 3 judges/ });
  await expect(table.getByRole("columnheader", { name: "κ held out" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/on the \d+ public-split items/)).toBeVisible();
  await expect(page).toHaveURL(/selection=holdout/);
});

test("a judge with few verdicts is listed as no candidate and leaves the top panel as it was", async ({ page }) => {
  await signIn(page, demoAccount("lead"));
  const own = await cloneDemoSet(page, "E2E judge with few verdicts");
  await openJudges(page, own);
  const setId = /\/calibration\/sets\/(\d+)\//.exec(page.url())?.[1];
  const before = await page.request.get(`/api/sets/${setId}/report`);
  expect(before.ok()).toBe(true);
  const topBefore = (await before.json()).ranked.panels[0].judges as string[];

  // The repro of the issue: 130 random verdicts of a new judge on the set's units.
  const random = mulberry32(16);
  const units = demoVerdicts.filter((v) => v.judge === "judge-01");
  const picked = units.map((u) => ({ u, key: random() })).sort((a, b) => a.key - b.key).slice(0, 130);
  const lines = picked.map(({ u }) => JSON.stringify({ kind: "verdict", judge: "judge-16", response: own.idOf(u.response), criterion: own.idOf(u.criterion), verdict: random() < 0.5 }));
  await page.getByLabel("Verdict bundle (.jsonl)").setInputFiles({ name: "judge-16.jsonl", mimeType: "application/x-ndjson", buffer: Buffer.from(`${lines.join("\n")}\n`) });
  await page.getByRole("button", { name: "Import verdicts" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Verdicts imported." })).toBeVisible();

  await page.getByRole("link", { name: "Open the report" }).click();
  const out = page.getByRole("region", { name: "Judges left out of panels" });
  await expect(out.getByRole("listitem")).toHaveText([/^judge-16 is not a candidate: verdicts on \d+ of \d+ units \(\d+\.\d % coverage\)\.$/], { timeout: 30_000 });
  const table = page.getByRole("table", { name: /Every panel of 3 judges/ });
  await expect(page.getByText("Showing 455 of 455 panels")).toBeVisible();
  await expect(table.getByRole("row").nth(1).getByRole("link")).toHaveText(topBefore.join(", "));
  await expect(page.getByRole("table", { name: /Each judge alone/ }).getByRole("row", { name: /^judge-16/ })).toContainText("no: too few verdicts");

  // Asking less of judges lets it in: with no least coverage it joins panels.
  await page.getByLabel("Least judge coverage (%)").fill("0");
  await page.getByLabel("Least judge coverage (%)").press("Enter");
  await expect(page.getByText("Showing 560 of 560 panels")).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/minCoverage=0/);
  expect(await seriousViolations(page)).toEqual([]);
});
