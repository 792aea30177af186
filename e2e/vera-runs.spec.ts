import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { parseJudgeResults } from "@/lib/flow/judgeResults";
import { openE2eDb } from "@/test/e2eDb";
import { addEndpoint, addJudges, addModels } from "@/test/runs";
import { demoAccount, seriousViolations, signIn } from "./fixtures";
import { createStudy, importSampleRatings, importStudyFiles, VERA_FIXTURES } from "./vera-helpers";

// The chat-completions stub the suite starts (playwright.config.ts): it answers VERA-MH's flow questions with {answer, reasoning}.
const LLM_URL = `http://127.0.0.1:${Number(process.env.E2E_LLM_PORT ?? Number(process.env.E2E_PORT ?? 3210) + 1)}/v1`;

test("a lead runs a judge through a flow study's conversations question by question; the study page shows it against the consensus", async ({ page, browser }) => {
  test.setTimeout(150_000);
  const tag = Date.now().toString(36);
  const judge = `e2e-flow-${tag}`;
  const sqlite = openE2eDb();
  try {
    addJudges({ $client: sqlite }, addEndpoint({ $client: sqlite }, LLM_URL, { name: `e2e flow stub ${tag}` }), judge);
  } finally {
    sqlite.close();
  }
  await signIn(page, demoAccount("lead"));
  const rubricName = `VERA-MH runs ${tag}`;
  await importStudyFiles(page, rubricName);
  const studyName = `Flow run ${tag}`;
  const studyId = await createStudy(page, studyName, rubricName, "direct");
  await importSampleRatings(page);

  await page.goto("/runs/new");
  await page.getByRole("radio", { name: "Judge conversations with a flow rubric" }).check();
  await page.getByRole("combobox", { name: "Study" }).selectOption({ label: `${studyName} (2 conversations)` });
  await page.getByRole("checkbox", { name: new RegExp(`^${judge} `) }).check();
  await page.getByRole("button", { name: "Estimate" }).click();
  const estimate = page.getByRole("table", { name: "Estimated calls, tokens and cost per judge or model" });
  // At most 27 questions a conversation in v1.1, two conversations, none judged yet.
  await expect(estimate.getByRole("row", { name: new RegExp(`^${judge}`) })).toContainText(new RegExp(`e2e flow stub ${tag}\\s*54\\s*0`));
  await expect(page.getByText(/^How it is estimated: at most 27 questions a conversation/)).toBeVisible();
  await page.getByRole("button", { name: "Start run" }).click();
  await expect(page).toHaveURL(/\/runs\/\d+$/);
  const runId = Number(new URL(page.url()).pathname.split("/").pop());

  const walks = page.getByRole("progressbar", { name: "Conversations judged (walks ended, per judge)" });
  await expect(walks).toHaveAttribute("aria-valuemax", "2");
  await expect(walks).toHaveAttribute("aria-valuenow", "2", { timeout: 60_000 });
  await expect(page.getByTestId("run-status")).toHaveText("Done");
  await expect(page.getByText("No call has failed or come back unusable.")).toBeVisible();
  expect(await seriousViolations(page), "flow run page").toEqual([]);

  // Its ratings are VERA-MH results: five dimensions of each conversation.
  const csv = await page.request.get(`/runs/${runId}/results.csv`);
  expect(csv.status()).toBe(200);
  const parsed = parseJudgeResults(await csv.text());
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  expect(parsed.results.filter((r) => r.judgeModel === judge)).toHaveLength(10);

  await page.getByRole("link", { name: "study page" }).click();
  await expect(page).toHaveURL(new RegExp(`/studies/${studyId}$`));
  const judges = page.getByRole("table", { name: "Each judge instance, on the units with a consensus" });
  const row = judges.getByRole("row").filter({ has: page.getByRole("rowheader", { name: `${judge} #1`, exact: true }) });
  await expect(row).toHaveCount(1);
  // Units with a consensus among the sample clinicians, out of the judge's ten.
  const units = Number((await row.getByRole("cell").first().textContent()) ?? "0");
  expect(units).toBeGreaterThan(0);
  expect(units).toBeLessThanOrEqual(10);

  // Neither a clinician nor an author may download a run's results.
  for (const role of ["clinician", "author"] as const) {
    const context = await browser.newContext();
    const other = await context.newPage();
    await signIn(other, demoAccount(role));
    expect((await other.request.get(`/runs/${runId}/results.csv`)).status()).toBe(403);
    await context.close();
  }
});

test("a lead imports personas with their template, estimates and starts a simulation run, and its conversations land", async ({ page }) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const [user, target] = [`e2e-user-${tag}`, `e2e-target-${tag}`];
  const sqlite = openE2eDb();
  try {
    addModels({ $client: sqlite }, addEndpoint({ $client: sqlite }, LLM_URL, { name: `e2e sim stub ${tag}` }), user, target);
  } finally {
    sqlite.close();
  }
  await signIn(page, demoAccount("lead"));
  await page.goto("/studies/import");
  const form = page.getByRole("region", { name: "Import personas" });
  await form.getByLabel("Persona set name").fill(`Personas ${tag}`);
  // A template alone is refused, naming the file that is missing.
  await form.getByLabel("Personas (.tsv) and template (.txt)").setInputFiles(join(VERA_FIXTURES, "persona_prompt_template-sample.txt"));
  await form.getByRole("button", { name: "Import" }).click();
  await expect(form.getByRole("alert")).toContainText("(missing):1: Name: the file is empty");
  await form.getByLabel("Persona set name").fill(`Personas ${tag}`);
  await form.getByLabel("Personas (.tsv) and template (.txt)").setInputFiles(["personas-sample.tsv", "persona_prompt_template-sample.txt"].map((f) => join(VERA_FIXTURES, f)));
  await form.getByRole("button", { name: "Import" }).click();
  await expect(form.getByRole("status")).toContainText(`Personas ${tag} version 1 imported: 3 personas.`);
  expect(await seriousViolations(page), "study imports").toEqual([]);

  await page.goto("/runs/new");
  await page.getByRole("radio", { name: "Simulate conversations with personas" }).check();
  await page.getByRole("combobox", { name: "Personas" }).selectOption({ label: `Personas ${tag} v1 (3 personas)` });
  await page.getByRole("combobox", { name: "User model" }).selectOption(user);
  await page.getByRole("checkbox", { name: new RegExp(`^${target} `) }).check();
  await page.getByLabel("Turns at most").fill("4");
  await page.getByLabel("Conversations per persona").fill("1");
  await page.getByRole("button", { name: "Estimate" }).click();
  const estimate = page.getByRole("table", { name: "Estimated calls, tokens and cost per judge or model" });
  // Three conversations of at most four turns a side.
  await expect(estimate.getByRole("row", { name: new RegExp(`^${user}`) })).toContainText(new RegExp(`e2e sim stub ${tag}\\s*12\\s*0`));
  await expect(estimate.getByRole("row", { name: new RegExp(`^${target}`) })).toContainText(new RegExp(`e2e sim stub ${tag}\\s*12\\s*0`));
  expect(await seriousViolations(page), "new simulation run").toEqual([]);

  // Started: three conversations are simulated, and each lands as a conversation a study may hold.
  await page.getByRole("button", { name: "Start run" }).click();
  await expect(page).toHaveURL(/\/runs\/\d+$/);
  const simulated = page.getByRole("progressbar", { name: "Conversations simulated" });
  await expect(simulated).toHaveAttribute("aria-valuemax", "3");
  await expect(simulated).toHaveAttribute("aria-valuenow", "3", { timeout: 60_000 });
  await expect(page.getByTestId("run-status")).toHaveText("Done");
  await page.goto("/studies");
  const conversations = page.getByRole("region", { name: "Create a study" }).getByRole("group", { name: "Conversations" });
  await expect(conversations.getByRole("checkbox", { name: new RegExp(` · ${target}`) })).toHaveCount(3);
});
