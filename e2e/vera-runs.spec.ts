import { expect, test } from "@playwright/test";
import { parseJudgeResults } from "@/lib/flow/judgeResults";
import { openE2eDb } from "@/test/e2eDb";
import { addEndpoint, addJudges } from "@/test/runs";
import { demoAccount, seriousViolations, signIn } from "./fixtures";
import { createStudy, importSampleRatings, importStudyFiles } from "./vera-helpers";

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
