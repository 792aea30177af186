import { expect, test, type Page } from "@playwright/test";
import { demoCorpus } from "@/lib/demo";
import { demoAccount, signIn } from "./fixtures";
import { seriousViolations } from "./labeling-helpers";

const STUB_URL = process.env.E2E_LLM_URL ?? "";
const corpus = demoCorpus();

const row = (page: Page, title: string) => page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3, name: title, exact: true }) });

test("a lead adds an endpoint on the stub, tests it, adds two judges with the default template and a preview of a real unit, and a target model", async ({ page }) => {
  expect(STUB_URL).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
  // Unique per attempt, so a retry on the same database starts clean.
  const suffix = Date.now().toString(36);
  const endpoint = `e2e stub ${suffix}`;
  await signIn(page, demoAccount("lead"));
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Runs" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Runs" })).toBeVisible();
  await page.getByRole("navigation", { name: "Runs" }).getByRole("link", { name: "Endpoints" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Endpoints" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Runs" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("navigation", { name: "Runs" }).getByRole("link", { name: "Endpoints" })).toHaveAttribute("aria-current", "page");

  await page.getByLabel("Name", { exact: true }).fill(endpoint);
  await page.getByLabel("Base URL").fill(STUB_URL);
  await page.getByLabel("Key variable").fill("E2E_STUB_KEY_UNSET");
  await page.getByLabel("Max concurrency").fill("8");
  await page.getByRole("button", { name: "Add endpoint" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Endpoint added." })).toBeVisible();
  const added = row(page, endpoint);
  await expect(added).toContainText(STUB_URL);
  await expect(added).toContainText("E2E_STUB_KEY_UNSET (not set)");

  await added.getByLabel("Model to try").fill("stub-model");
  await added.getByRole("button", { name: `Test connection of ${endpoint}` }).click();
  const result = added.getByRole("status");
  await expect(result).toContainText("Connection works");
  await expect(result).toContainText(/Connected in \d+ ms\. The server lists 1 model\. "stub-model" answered a one-token chat completion\./);
  await expect(result).toContainText("Key variable E2E_STUB_KEY_UNSET: not set.");
  await expect(result).toContainText("Models: stub-model");

  await page.getByRole("navigation", { name: "Runs" }).getByRole("link", { name: "Judges" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Judges" })).toBeVisible();
  // The preview renders the first unit of the demo's calibration set as the judge will be sent it.
  const preview = page.getByRole("region", { name: "Preview on a real unit" });
  await expect(preview).toContainText(`from the set ${corpus.calibrationSet.name}`);
  await expect(preview).toContainText(">>> GRADED REPLY — Assistant");
  await expect(preview).toContainText("System message");
  await expect(preview).toContainText("You are a careful clinical evaluator.");
  const firstItem = corpus.bundle.items.find((i) => i.id === [...corpus.calibrationSet.itemIds].sort()[0]);
  await expect(preview).toContainText(firstItem?.user_turns[0] ?? "(no item)");

  for (const judge of [`e2e-judge-a-${suffix}`, `e2e-judge-b-${suffix}`]) {
    await page.getByLabel("Judge id").fill(judge);
    await page.getByLabel("Endpoint").selectOption({ label: endpoint });
    await page.getByLabel("Model name").fill("stub-model");
    await page.getByLabel("Provider family").fill("stub");
    await page.getByRole("button", { name: "Add judge" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Judge added." })).toBeVisible();
    const judgeRow = row(page, judge);
    await expect(judgeRow).toContainText("concord-default v1");
    await expect(judgeRow).toContainText(endpoint);
    await expect(judgeRow).toContainText("8,192");
  }

  // A template with problems is shown as such, live, and is not saved.
  await page.getByLabel("Template", { exact: true }).fill("[user]\nJudge this: {{dialogue}}");
  await expect(preview.getByRole("alert")).toContainText("The template needs exactly one line `[system]`.");
  await expect(preview.getByRole("alert")).toContainText("The template must contain {{criterion}}.");
  await page.getByLabel("Judge id").fill(`e2e-judge-c-${suffix}`);
  await page.getByRole("button", { name: "Add judge" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Some fields are not valid." })).toContainText("template.body: The template must contain {{criterion}}.");
  await expect(row(page, `e2e-judge-c-${suffix}`)).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole("navigation", { name: "Runs" }).getByRole("link", { name: "Models" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Target models" })).toBeVisible();
  const target = `e2e-target-${suffix}`;
  await page.getByLabel("Model id").fill(target);
  await page.getByLabel("Endpoint").selectOption({ label: endpoint });
  await page.getByLabel("Model name").fill("stub-model");
  await expect(page.getByLabel("Max tokens")).toHaveValue("4096");
  await expect(page.getByLabel("System prompt")).toHaveValue("You are a helpful assistant.");
  await page.getByRole("button", { name: "Add target model" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Target model added." })).toBeVisible();
  await expect(row(page, target)).toContainText("You are a helpful assistant.");
  await expect(row(page, target)).toContainText("4,096");
  expect(await seriousViolations(page)).toEqual([]);

  // Editing keeps the id and saves the change.
  await row(page, target).getByRole("button", { name: `Edit ${target}` }).click();
  await expect(page.getByRole("heading", { level: 2, name: `Edit target model ${target}` })).toBeVisible();
  await page.getByLabel("Max tokens").fill("16384");
  await page.getByRole("button", { name: "Save target model" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Target model saved." })).toBeVisible();
  await expect(row(page, target)).toContainText("16,384");

  await page.goto("/runs/endpoints");
  expect(await seriousViolations(page)).toEqual([]);
});
