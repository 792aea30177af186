import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { fmt } from "@/lib/format";
import { CATEGORY_NAMES, categoryCode } from "@/lib/flow/categories";
import { DIMENSION_KEYS } from "@/lib/flow/clinicianRatings";
import { parseRubric } from "@/lib/flow/parseRubric";
import { walkAnswers } from "@/lib/flow/walkAnswers";
import { demoAccount, seriousViolations, signIn } from "./fixtures";
import { createStudy, importSampleRatings, importStudyFiles, VERA_FIXTURES } from "./vera-helpers";

const report = JSON.parse(readFileSync(join(VERA_FIXTURES, "clinician-ratings-sample.report.json"), "utf8"));
const DIMENSIONS = ["Detects Potential Risk", "Confirms Risk", "Guides to Human Care", "Supportive Conversation", "Follows AI Boundaries"];
const stamp = () => Date.now().toString(36);
const parsed = parseRubric(readFileSync(join(VERA_FIXTURES, "rubric-v1.1.tsv"), "utf8"));
if (!parsed.ok) throw new Error("the fixture rubric does not parse");
const rubric = parsed;
const SOME = "Suicidal thoughts but not immediate risk";
/** Question, key, answer: a walk through every dimension of the v1.1 rubric. */
const GUIDED_PATH: [string, string, string][] = [
  ["1", "y", "Yes"],
  ["2", "n", "No"],
  ["4", "y", "Yes"],
  ["6", "n", "No"],
  ["7", "n", "No"],
  ["8", "n", "No"],
  ["9", "2", SOME],
  ...["10", "11", "12", "13", "14", "15", ...Array.from({ length: 14 }, (_, i) => String(22 + i))].map((id): [string, string, string] => [id, "n", "No"]),
];

async function rowCells(page: Page, table: string | RegExp, row: string) {
  return page.getByRole("table", { name: table }).getByRole("row").filter({ has: page.getByRole("rowheader", { name: row, exact: true }) }).getByRole("cell").allTextContents();
}

test("a lead imports a rubric, transcripts, ratings and judge results; the study page shows the CLI's agreement, matrix and score", async ({ page }) => {
  test.setTimeout(120_000);
  const rubricName = `VERA-MH ${stamp()}`;
  await signIn(page, demoAccount("lead"));
  await page.getByRole("link", { name: "Studies" }).click();
  await expect(page).toHaveURL(/\/studies$/);
  await importStudyFiles(page, rubricName);

  // A broken rubric is refused whole, naming file, line and column.
  const rubricForm = page.getByRole("region", { name: "Import a flow rubric" });
  await rubricForm.getByLabel("Rubric name").fill(rubricName);
  const broken = readFileSync(join(VERA_FIXTURES, "rubric-v1.1.tsv"), "utf8").replace(/\tRed\t/, "\tPurple\t");
  await rubricForm.getByLabel("Rubric file (.tsv)").setInputFiles({ name: "broken.tsv", mimeType: "text/tab-separated-values", buffer: Buffer.from(broken) });
  await rubricForm.getByRole("button", { name: "Import" }).click();
  await expect(rubricForm.getByRole("alert")).toContainText(/broken\.tsv:\d+: Severity: unknown severity "Purple"/);

  const judges = page.getByRole("region", { name: "Import judge results" });
  await judges.getByLabel("Results file (.csv)").setInputFiles(join(VERA_FIXTURES, "results-sample.csv"));
  await judges.getByRole("button", { name: "Import" }).click();
  await expect(judges.getByRole("status")).toContainText("judge-model-a #1, judge-model-a #2");

  const studyId = await createStudy(page, `Sample ratings ${stamp()}`, rubricName, "direct");
  await importSampleRatings(page);

  const a = report.agreement;
  // The page refreshes after the import.
  await expect.poll(() => rowCells(page, "Pooled and by dimension", "All dimensions")).toEqual([String(a.units), fmt(a.percent_agreement, 4), fmt(a.fleiss_kappa, 4), fmt(a.gwet_ac1, 4)]);
  for (const [d, key] of DIMENSION_KEYS.entries()) {
    const b = a.by_dimension[key];
    expect(await rowCells(page, "Pooled and by dimension", DIMENSIONS[d])).toEqual([String(b.units), fmt(b.percent_agreement, 4), fmt(b.fleiss_kappa, 4), fmt(b.gwet_ac1, 4)]);
  }
  for (const p of a.pairwise) expect(await rowCells(page, "Pairwise", `${p.raters[0]} · ${p.raters[1]}`)).toEqual([String(p.units), fmt(p.agreement, 4), fmt(p.kappa, 4)]);
  for (const [model, m] of Object.entries<{ ratings: number; vera: number; dimensions: Record<string, Record<string, number | null>> }>(report.models)) {
    const caption = `${model}: VERA score ${fmt(m.vera, 2)} over ${m.ratings} ratings`;
    await expect(page.getByRole("table", { name: caption })).toBeVisible();
    for (const [d, key] of DIMENSION_KEYS.entries()) {
      const x = m.dimensions[key];
      expect(await rowCells(page, caption, DIMENSIONS[d])).toEqual([fmt(x.best_practice, 4), fmt(x.suboptimal, 4), fmt(x.high_harm, 4), fmt(x.not_relevant, 4), fmt(x.vera, 2)]);
    }
  }
  await expect(page.getByRole("table", { name: "Each judge instance, on the units with a consensus" })).toContainText("judge-model-a #2");
  await expect(page.getByRole("heading", { name: "By persona risk level" })).toBeVisible();
  await expect(page.getByRole("table", { name: /units where the raters split/ })).toBeVisible();
  expect(await seriousViolations(page), "the study page").toEqual([]);

  const csv = await page.request.get(`/studies/${studyId}/results.csv`);
  expect(csv.status()).toBe(200);
  expect((await csv.text()).split("\r\n")[0]).toMatch(/^filename,run_id,judge_model,judge_instance,judge_id,Detects Potential Risk,Detects Potential Risk_yes_question_id,/);
  const json = await (await page.request.get(`/studies/${studyId}/scores.json`)).json();
  expect(json.models["model-y"].vera).toBeCloseTo(report.models["model-y"].vera, 9);
  expect(json.agreement.fleiss_kappa).toBeCloseTo(a.fleiss_kappa, 9);
});

test("a clinician rates a conversation by keyboard in a direct and a guided study, and resumes after a reload", async ({ browser }) => {
  test.setTimeout(150_000);
  const rubricName = `VERA-MH ${stamp()}`;
  const lead = await browser.newContext();
  const leadPage = await lead.newPage();
  await signIn(leadPage, demoAccount("lead"));
  await importStudyFiles(leadPage, rubricName);
  const direct = await createStudy(leadPage, `Direct ${stamp()}`, rubricName, "direct");
  const guided = await createStudy(leadPage, `Guided ${stamp()}`, rubricName, "guided");

  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, demoAccount("clinician"));
  expect((await page.request.get("/studies")).status()).toBe(403);
  expect((await page.request.get(`/studies/${direct}`)).status()).toBe(403);
  expect((await page.request.get(`/studies/${direct}/results.csv`)).status()).toBe(403);
  expect((await page.request.get("/conversations/999999/1")).status()).toBe(404);
  await page.getByRole("link", { name: "Conversations" }).click();
  expect(await seriousViolations(page), "/conversations").toEqual([]);

  // Direct: 1–4 rate the marked dimension and move on.
  await page.goto(`/conversations/${direct}`);
  await page.getByRole("button", { name: /I understand/ }).click();
  await expect(page).toHaveURL(new RegExp(`/conversations/${direct}/1$`));
  await expect(page.getByRole("heading", { name: "Conversation 1 of 2" })).toBeVisible();
  for (const key of ["1", "2", "3", "4", "1"]) await page.keyboard.press(key);
  await expect(page.getByText("Every dimension of this conversation is rated.")).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "All your answers are saved." })).toBeVisible();
  expect(await seriousViolations(page), "the direct rating page").toEqual([]);
  await page.reload();
  const pressed = page.locator("button[aria-pressed=true]");
  await expect(pressed).toHaveCount(5);
  expect((await pressed.allTextContents()).map((t) => t.slice(1))).toEqual([
    "Best Practice",
    "Suboptimal but Low Potential for Harm",
    "High Potential for Harm",
    "Not Relevant",
    "Best Practice",
  ]);
  // Enter opens the next conversation (pressed again until the reloaded page is hydrated).
  await expect(async () => {
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/conversations/${direct}/2$`), { timeout: 1_000 });
  }).toPass();

  // Guided: Y/N (or an option's number) answer each question the walk reaches; the walk decides the ratings.
  await page.goto(`/conversations/${guided}`);
  await page.getByRole("button", { name: /I understand/ }).click();
  await expect(page).toHaveURL(new RegExp(`/conversations/${guided}/1$`));
  const questionLabel = page.locator("p", { hasText: /· question / }).first();
  await expect(page.getByRole("list", { name: "Dimensions" })).toContainText("not decided yet");
  const done = page.getByText("Every dimension of this conversation is rated.");
  const answers: Record<string, string> = {};
  for (const [id, key, answer] of GUIDED_PATH) {
    await expect(questionLabel).toHaveText(new RegExp(`· question ${id}$`));
    answers[id] = answer;
    await page.keyboard.press(key);
  }
  await expect(done).toBeVisible();
  const walk = walkAnswers(rubric.graph, answers);
  if ("error" in walk) throw new Error(walk.error);
  for (const name of DIMENSIONS) await expect(page.getByRole("list", { name: "Dimensions" })).toContainText(`${name}: ${CATEGORY_NAMES[categoryCode(walk.ratings[name])]}`);
  await expect(page.getByRole("list", { name: "Dimensions" })).not.toContainText("not decided yet");
  await expect(page.getByRole("status").filter({ hasText: "All your answers are saved." })).toBeVisible();
  expect(await seriousViolations(page), "the guided rating page").toEqual([]);
  await page.reload();
  await expect(done).toBeVisible();

  // The lead sees the clinician's progress.
  await leadPage.goto(`/studies/${guided}`);
  await expect(leadPage.getByRole("progressbar", { name: "Dr Amara Okafor" })).toHaveAttribute("aria-valuenow", "1");
  await context.close();
  await lead.close();
});
