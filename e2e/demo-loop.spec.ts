import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { demoCorpus } from "@/lib/demo";
import { MODELS } from "@/lib/demo/responses";
import { SIMULATOR_ENDPOINT_NAME } from "@/lib/demo/simulatorSetup";
import { judgeProfiles } from "@/lib/demo/verdicts";
import { demoAccount, signIn } from "./fixtures";
import { seriousViolations } from "./labeling-helpers";

/** The simulator `npm start` runs for the e2e server (CONCORD_DEMO_LLM=1, playwright.config.ts). */
const SIMULATOR_URL = process.env.E2E_DEMO_LLM_URL ?? "";
const SET = demoCorpus().calibrationSet.name;
const JUDGES = judgeProfiles().map((j) => j.id);

const row = (page: Page, title: string) => page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3, name: title, exact: true }) });

test("on the fresh demo database the simulator is an endpoint marked simulated, with the demo's judges and models on it, and its connection works", async ({ page }) => {
  expect(SIMULATOR_URL).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
  await signIn(page, demoAccount("lead"));

  await page.goto("/runs/endpoints");
  const endpoint = row(page, SIMULATOR_ENDPOINT_NAME);
  await expect(endpoint).toContainText("simulated");
  await expect(endpoint).toContainText("simulated: Concord's demo simulator answers, no model runs");
  await expect(endpoint).toContainText(SIMULATOR_URL);
  await expect(endpoint.getByRole("definition").nth(2)).toHaveText("none");
  await endpoint.getByLabel("Model to try").fill("judge-01");
  await endpoint.getByRole("button", { name: `Test connection of ${SIMULATOR_ENDPOINT_NAME}` }).click();
  const result = endpoint.getByRole("status");
  await expect(result).toContainText("Connection works");
  await expect(result).toContainText(/Connected in \d+ ms\. The server lists 21 models\. "judge-01" answered a one-token chat completion\./);
  await expect(result).toContainText(`Models: ${[...JUDGES, ...MODELS.map((m) => m.id)].join(", ")}`);
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole("navigation", { name: "Runs" }).getByRole("link", { name: "Judges" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Judges" })).toBeVisible();
  for (const judge of JUDGES) {
    const judgeRow = row(page, judge);
    await expect(judgeRow).toContainText("simulated: the demo simulator answers, no model runs");
    await expect(judgeRow).toContainText(SIMULATOR_ENDPOINT_NAME);
    await expect(judgeRow).toContainText("concord-default v1");
  }

  await page.getByRole("navigation", { name: "Runs" }).getByRole("link", { name: "Models" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Target models" })).toBeVisible();
  for (const { id } of MODELS) {
    const modelRow = row(page, id);
    await expect(modelRow).toContainText("simulated: the demo simulator answers, no model runs");
    await expect(modelRow).toContainText("You are a helpful assistant.");
  }
});

test("the calibration report marks every judge on the simulator as simulated", async ({ page }) => {
  await signIn(page, demoAccount("lead"));
  await page.goto("/calibration");
  await page.getByRole("link", { name: `Judges, report and freeze: ${SET}` }).click();
  await page.getByRole("link", { name: "Open the report" }).click();
  await expect(page.getByText(`Simulated results: ${JUDGES.length} judges of this report are on the demo simulator.`)).toBeVisible({ timeout: 30_000 });
  const judges = page.getByRole("table", { name: /Each judge alone against the clinician consensus/ });
  await expect(judges).toContainText("Judges marked simulated are configured on a simulated endpoint");
  for (const judge of JUDGES) await expect(judges.getByRole("rowheader", { name: `${judge} simulated`, exact: true })).toBeVisible();
});

/** A second `npm start` on a database of its own, the simulator on, as a new user starts it. */
const LOOP_PORT = Number(process.env.E2E_PORT ?? 3210) + 5;
const LOOP_LLM_PORT = Number(process.env.E2E_PORT ?? 3210) + 6;

test("on a fresh demo database with the simulator on, a lead runs two judges on the demo set, freezes a panel, grades the demo responses and opens the leaderboard", async ({ browser }) => {
  test.setTimeout(480_000);
  const dir = mkdtempSync(join(tmpdir(), "concord-demo-loop-"));
  const server = spawn("npm", ["start"], {
    env: { ...process.env, PORT: String(LOOP_PORT), CONCORD_DB_PATH: join(dir, "concord.db"), CONCORD_DEMO_LLM: "1", CONCORD_DEMO_LLM_PORT: String(LOOP_LLM_PORT), NEXTAUTH_URL: `http://localhost:${LOOP_PORT}` },
    stdio: "ignore",
  });
  try {
    const base = `http://localhost:${LOOP_PORT}`;
    await expect.poll(() => fetch(`${base}/login`).then((r) => r.status, () => 0), { timeout: 180_000, intervals: [1_000] }).toBe(200);
    const context = await browser.newContext({ baseURL: base });
    const page = await context.newPage();
    await signIn(page, demoAccount("lead"));

    // Two judges under ids of their own on the simulator, so they judge every unit of the set.
    const judges = ["loop-judge-03", "loop-judge-05"];
    await page.goto("/runs/judges");
    for (const [i, judge] of judges.entries()) {
      await page.getByLabel("Judge id").fill(judge);
      await page.getByLabel("Endpoint").selectOption({ label: SIMULATOR_ENDPOINT_NAME });
      await page.getByLabel("Model name").fill(i === 0 ? "judge-03" : "judge-05");
      await page.getByRole("button", { name: "Add judge" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Judge added." })).toBeVisible();
    }

    await page.goto("/runs/new");
    await page.getByRole("combobox", { name: "Calibration set" }).selectOption({ label: SET });
    for (const judge of judges) await page.getByRole("checkbox", { name: new RegExp(`^${judge} `) }).check();
    await page.getByRole("button", { name: "Estimate" }).click();
    await page.getByRole("button", { name: "Start run" }).click();
    await expect(page).toHaveURL(/\/runs\/\d+$/);
    await expect(page.getByText("These results are simulated.")).toBeVisible();
    await expect(page.getByTestId("run-status")).toHaveText("Done", { timeout: 180_000 });

    // The report uses their verdicts; a panel of one of them is frozen.
    const setId = 1; // the demo set, the first a fresh database has
    await page.goto(`/calibration/sets/${setId}/report`);
    const alone = page.getByRole("table", { name: /Each judge alone/ });
    for (const judge of judges) await expect(alone.getByRole("rowheader", { name: `${judge} simulated`, exact: true })).toBeVisible({ timeout: 60_000 });
    await page.goto(`/calibration/sets/${setId}/freeze?${new URLSearchParams({ judges: judges[0], selection: "all", panelSize: "1", minCoverage: "0.95" })}`);
    await expect(page.getByLabel("Panel", { exact: true })).toHaveValue(judges[0], { timeout: 60_000 });
    await page.getByLabel("Rationale").fill("The simulated judge we ran, frozen to try grading.");
    const confirmOpen = page.getByRole("checkbox", { name: "Freeze it while it is open" });
    if (await confirmOpen.count()) await confirmOpen.check();
    await page.getByRole("button", { name: "Freeze this panel" }).click();
    await expect(page.getByRole("heading", { level: 1, name: /^Frozen panel #\d+$/ })).toBeVisible();
    await expect(page.getByText(new RegExp(`^${judges[0]}: judge-03 on ${SIMULATOR_ENDPOINT_NAME} \\(a simulator, not a real model\\)`))).toBeVisible();

    // Grade the demo responses with it, then the leaderboard.
    await page.goto("/runs/new");
    await page.getByRole("radio", { name: "Grade with a frozen panel" }).check();
    await page.getByRole("button", { name: "Estimate" }).click();
    await page.getByRole("button", { name: "Start run" }).click();
    await expect(page).toHaveURL(/\/runs\/\d+$/);
    await expect(page.getByTestId("run-status")).toHaveText("Done", { timeout: 240_000 });
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Leaderboard" }).click();
    await expect(page.getByRole("heading", { level: 1, name: /Leaderboard/ })).toBeVisible();
    await expect(page.getByText(/simulated/i).first()).toBeVisible({ timeout: 60_000 });
    for (const { id } of MODELS) await expect(page.getByRole("table").first()).toContainText(id);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  } finally {
    server.kill("SIGTERM");
  }
});
