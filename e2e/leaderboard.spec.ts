import { readFileSync } from "node:fs";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import Database from "better-sqlite3";
import { demoCorpus } from "@/lib/demo";
import { demoAccount, signIn } from "./fixtures";
import { cloneDemoSet, type DemoSetClone } from "./scenario";

/**
 * The leaderboard, end to end. The grading's data is the demo corpus's own: its fifteen
 * judges' verdicts on the calibration set's 30 items (120 responses of six models), in
 * each test's own copy of the demo set (e2e/scenario.ts), whose top panel it freezes
 * through the freeze API; the grade run itself is written straight into the e2e
 * database as a finished `runs` row of kind grade — spec {kind, freezeId, judges,
 * rubricVersions (the set's pinned versions, which the verdicts are on)} — because
 * every unit it would ask about already has the panel's verdict, so a real run would
 * have no call to make (the run engine is tested against the stub in its own specs).
 */

const MODELS = [...new Set(demoCorpus().bundle.responses.map((r) => r.model))];

const openDb = () => new Database(join(process.env.CONCORD_E2E_DIR!, "concord.db"));

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help}`);
}

/** As the lead: a copy of the demo set, frozen on its top panel by κ. */
async function frozenClone(page: Page): Promise<{ clone: DemoSetClone; freezeId: number }> {
  const clone = await cloneDemoSet(page, "E2E leaderboard");
  const report = await page.request.get(`/api/sets/${clone.setId}/report`);
  expect(report.status()).toBe(200);
  const { fingerprint, ranked } = await report.json();
  const frozen = await page.request.post(`/api/sets/${clone.setId}/freeze`, {
    data: { judges: ranked.panels[0].judges, selection: "all", fingerprint, rationale: "Rank 1 by κ on every item; frozen to grade the demo models.", confirmOpen: true },
  });
  expect(frozen.status(), await frozen.text()).toBe(201);
  return { clone, freezeId: (await frozen.json()).id };
}

/** A finished grade run of the frozen panel over the set's items, on the versions the set pinned. */
function insertGrading(freezeId: number): number {
  const db = openDb();
  const freeze = db.prepare("SELECT judges, set_id AS setId FROM frozen_panels WHERE id = ?").get(freezeId) as { judges: string; setId: number };
  const pins = db.prepare("SELECT item_id AS item, rubric_version_id AS version FROM calibration_set_items WHERE set_id = ?").all(freeze.setId) as { item: string; version: number }[];
  const spec = { kind: "grade", freezeId, judges: JSON.parse(freeze.judges), rubricVersions: Object.fromEntries(pins.map((p) => [p.item, p.version])) };
  const now = Date.now();
  const { id } = db
    .prepare("INSERT INTO runs (kind, title, status, spec, estimate, created_by, created_at, finished_at) VALUES ('grade', ?, 'done', ?, '{}', 'e2e', ?, ?) RETURNING id")
    .get(`Grade with frozen panel #${freezeId}`, JSON.stringify(spec), now, now) as { id: number };
  db.close();
  return id;
}

// The tests that only read a grading share one graded copy; the ones that freeze or grade make their own.
let shared: { freezeId: number; runId: number };
test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await signIn(page, demoAccount("lead"));
  const { freezeId } = await frozenClone(page);
  shared = { freezeId, runId: insertGrading(freezeId) };
  await page.close();
});

const bodyRows = (page: Page) => page.getByRole("region", { name: "Leaderboard table" }).locator("tbody tr");

test("a frozen record links to grading with its panel; a finished grading becomes the leaderboard", async ({ page }) => {
  await signIn(page, demoAccount("lead"));
  const { freezeId } = await frozenClone(page);
  await page.goto(`/calibration/freezes/${freezeId}`);
  await expect(page.getByRole("link", { name: "Grade with this panel" })).toHaveAttribute("href", `/runs/new?kind=grade&freezeId=${freezeId}`);
  const runId = insertGrading(freezeId);

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Leaderboard" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Leaderboard" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(`Grade with frozen panel #${freezeId}: models graded by frozen panel #${freezeId}`)).toBeVisible();
  // The demo's judges are configured on the demo simulator: the page says the results are simulated.
  await expect(page.getByText("Simulated results")).toBeVisible();
  await expect(bodyRows(page)).toHaveCount(MODELS.length);
  await expect(page.getByRole("img", { name: new RegExp(`^Forest plot of ${MODELS.length} models' scores with 95% intervals`) })).toBeVisible();

  // The table shows the engine's report, as the JSON download gives it.
  const report = await (await page.request.get(`/api/leaderboard/${runId}/download?format=json`)).json();
  expect(report.models.map((m: { model: string }) => m.model).sort()).toEqual([...MODELS].sort());
  const first = bodyRows(page).first();
  await expect(first.getByRole("rowheader")).toHaveText(report.models[0].model);
  await expect(first.getByRole("cell").nth(2)).toHaveText(report.models[0].score.toFixed(3));
  await expect(page.getByRole("region", { name: "Dimension subscores by model" }).locator("tbody tr")).toHaveCount(MODELS.length);
  await expect(page.getByRole("region", { name: "Identification–action gap by model" }).locator("tbody tr")).toHaveCount(MODELS.length);
  await expect(page.getByText("One run only: there is no pair of runs to compare.")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Sorting by all-met puts the highest share first.
  await page.getByRole("region", { name: "Leaderboard table" }).getByRole("link", { name: "All met", exact: true }).click();
  await expect(page).toHaveURL(/sort=all_met/);
  const best = [...report.models].sort((a, b) => b.all_met - a.all_met || a.rank - b.rank)[0];
  await expect(bodyRows(page).first().getByRole("rowheader")).toHaveText(best.model);
});

test("filters by model and subcategory, downloads the filtered CSV, and each figure links to its definition", async ({ page }) => {
  await signIn(page, demoAccount("lead"));
  const { runId } = shared;
  await page.goto(`/leaderboard/${runId}`);
  const filters = page.getByRole("search", { name: "Filter the leaderboard" });
  const [a, b] = [...MODELS].sort();
  await filters.getByRole("checkbox", { name: a }).check();
  await filters.getByRole("checkbox", { name: b }).check();
  const subcategory = await filters.getByLabel("Subcategory").locator("option").nth(1).getAttribute("value");
  await filters.getByLabel("Subcategory").selectOption(subcategory!);
  await filters.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(new RegExp(`subcategory=${subcategory}`));
  await expect(bodyRows(page)).toHaveCount(2);
  await expect(filters.getByRole("checkbox", { name: a })).toBeChecked();

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`concord-leaderboard-${runId}-${subcategory}.csv`);
  const lines = readFileSync((await file.path())!, "utf8").trim().split("\r\n");
  expect(lines[0]).toMatch(/^rank,band,model,score,ci95_low,ci95_high,all_met,items,responses,unscored,empty,empty_share,dimension_/);
  expect(lines.slice(1).map((l) => l.split(",")[2]).sort()).toEqual([a, b]);

  await page.getByRole("link", { name: "Definition of Identification–action gap, G(m)" }).click();
  await expect(page).toHaveURL(/\/docs\/scoring\.md#identification-action-gap$/);
  await expect(page.locator("#identification-action-gap")).toHaveText("Identification-action gap");
  await expect(page.locator("#the-leaderboard-page")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test("an author reads the leaderboard; a clinician gets 403 on every page and download of it", async ({ page, browser, request }) => {
  const { freezeId, runId } = shared;
  await signIn(page, demoAccount("author"));
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Leaderboard" }).click();
  await expect(bodyRows(page)).toHaveCount(MODELS.length, { timeout: 30_000 });
  await page.goto(`/leaderboard/${runId}`);
  await expect(page.getByText(`models graded by frozen panel #${freezeId}`)).toBeVisible();
  await expect(bodyRows(page)).toHaveCount(MODELS.length);
  // read-only: the frozen record (a lead's page) is named, not linked
  await expect(page.getByRole("link", { name: `#${freezeId}` })).toHaveCount(0);
  expect((await page.request.get(`/api/leaderboard/${runId}/download?format=csv`)).status()).toBe(200);

  const context = await browser.newContext();
  const clinician = await context.newPage();
  await signIn(clinician, demoAccount("clinician"));
  await expect(clinician.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Leaderboard" })).toHaveCount(0);
  for (const path of ["/leaderboard", `/leaderboard/${runId}`, `/leaderboard/${runId}?subcategory=x`, "/docs/scoring.md"]) {
    expect((await clinician.goto(path))?.status(), path).toBe(403);
    await expect(clinician.getByText(MODELS[0])).toHaveCount(0);
  }
  for (const format of ["csv", "json"]) {
    const response = await clinician.request.get(`/api/leaderboard/${runId}/download?format=${format}`);
    expect(response.status(), format).toBe(403);
    expect(await response.text()).not.toContain(MODELS[0]);
  }
  await context.close();
  expect((await request.get(`/api/leaderboard/${runId}/download?format=csv`)).status()).toBe(401);
});

test("a lead sets a panel judge's and a model's family on the runs pages, and the same-family check uses them", async ({ page }) => {
  await signIn(page, demoAccount("lead"));
  const { freezeId, runId } = shared;
  const db = openDb();
  const [judge] = JSON.parse((db.prepare("SELECT judges FROM frozen_panels WHERE id = ?").get(freezeId) as { judges: string }).judges) as string[];
  db.close();
  const model = [...MODELS].sort()[0];
  const family = `e2e-family-${Date.now().toString(36)}`;
  const item = (title: string) => page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3, name: title, exact: true }) });

  await page.goto("/runs/judges");
  await item(judge).getByRole("button", { name: `Edit ${judge}` }).click();
  await page.getByLabel("Provider family").fill(family);
  await page.getByRole("button", { name: "Save judge" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Judge saved." })).toBeVisible();
  await expect(item(judge)).toContainText(family);

  await page.goto("/runs/models");
  await expect(page.getByRole("heading", { level: 2, name: "Imported models: provider families" })).toBeVisible();
  await item(model).getByRole("button", { name: `Edit ${model}` }).click();
  await page.getByLabel("Provider family").fill(family);
  await page.getByRole("button", { name: "Save target model" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Target model saved." })).toBeVisible();

  await page.goto(`/leaderboard/${runId}`);
  const report = await (await page.request.get(`/api/leaderboard/${runId}/download?format=json`)).json();
  const graded = report.models.find((m: { model: string }) => m.model === model);
  expect(graded.family_excluded_score).toEqual(expect.any(Number));
  expect(report.same_family).not.toBeNull();
  await expect(page.getByRole("region", { name: "Leaderboard table" }).getByRole("columnheader", { name: /Family-excluded/ })).toBeVisible();
  await expect(page.getByRole("region", { name: "Same-family check" })).toContainText("Spearman ρ between the score and the family-excluded score");
});

test("a lead grades with the reference ceiling on the demo simulator; the leaderboard shows it as its own row, not ranked", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, demoAccount("lead"));
  const { clone, freezeId } = await frozenClone(page);
  const corpus = demoCorpus();
  const setItems = [...corpus.calibrationSet.itemIds].sort();
  const multi = setItems.find((id) => corpus.bundle.items.find((i) => i.id === id)!.user_turns.length > 1)!;
  const single = setItems.find((id) => corpus.bundle.items.find((i) => i.id === id)!.user_turns.length === 1)!;
  const from = [...new Set(corpus.bundle.responses.filter((r) => r.item === multi).map((r) => r.model))].sort()[0];

  await page.goto("/runs/new");
  await page.getByRole("radio", { name: "Grade with a frozen panel" }).check();
  await page.getByLabel("Frozen panel", { exact: true }).selectOption(String(freezeId));
  await page.getByLabel("Items", { exact: true }).fill(`${clone.idOf(single)}, ${clone.idOf(multi)}`);
  await page.getByRole("checkbox", { name: "Also grade each item's published reference as the last assistant turn" }).check();
  await page.getByLabel("Earlier assistant turns from").fill(from);
  await page.getByRole("button", { name: "Estimate" }).click();
  await expect(page.getByRole("heading", { name: /^Estimate: .*with the reference ceiling$/ })).toBeVisible({ timeout: 30_000 });
  await page.getByRole("button", { name: "Start run" }).click();
  await expect(page).toHaveURL(/\/runs\/\d+$/, { timeout: 30_000 });
  const ceilingRun = Number(page.url().split("/").at(-1));
  await expect
    .poll(() => {
      const db = openDb();
      const row = db.prepare("SELECT status FROM runs WHERE id = ?").get(ceilingRun) as { status: string };
      db.close();
      return row.status;
    }, { timeout: 120_000 })
    .toBe("done");

  await page.goto(`/leaderboard/${ceilingRun}`);
  const report = await (await page.request.get(`/api/leaderboard/${ceilingRun}/download?format=json`)).json();
  expect(report.reference_ceiling.items).toBe(2);
  expect(report.models.map((m: { model: string }) => m.model)).not.toContain("reference");
  const table = page.getByRole("region", { name: "Leaderboard table" });
  await expect(table.locator("tbody").first().locator("tr")).toHaveCount(report.models.length);
  const ceiling = table.getByRole("rowgroup", { name: "Reference ceiling, not ranked" }).getByRole("row");
  await expect(ceiling.getByRole("rowheader")).toContainText("Reference ceiling (not ranked)");
  await expect(ceiling.getByRole("cell").first()).toHaveText("—");
  await expect(ceiling.getByRole("cell").nth(2)).toHaveText(report.reference_ceiling.score.toFixed(3));
  await expect(page.getByText(/^Reference ceiling: each item/)).toContainText(`those of ${from}'s response`);

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download CSV" }).click();
  const lines = readFileSync((await (await download).path())!, "utf8").trim().split("\r\n");
  expect(lines).toHaveLength(report.models.length + 2);
  expect(lines.at(-1)).toMatch(/^,,\(reference ceiling\),/);
  expect(await seriousViolations(page)).toEqual([]);
});
