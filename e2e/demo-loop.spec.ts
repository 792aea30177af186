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
